CREATE TABLE "sold_out_notices" (
	"scope_id" uuid PRIMARY KEY NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
