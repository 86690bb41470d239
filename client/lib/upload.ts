/** An upload refused by the server (its error code) or lost on the way ("NETWORK"). */
export class UploadError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.name = "UploadError";
    this.code = code;
  }
}

export type UploadedImage = { id: string; width: number; height: number; mimeType?: string; bytes?: number };

/**
 * Sends one file as multipart to an upload endpoint (the server checks it by content) and
 * returns what it stored; throws UploadError with the server's code.
 */
export async function uploadImage(url: string, file: File): Promise<UploadedImage> {
  return uploadFile<UploadedImage>(url, file);
}

/** Sends one file as multipart to `url` and returns the server's JSON answer; throws UploadError with its code. */
export async function uploadFile<T>(url: string, file: File): Promise<T> {
  const body = new FormData();
  body.append("file", file);
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body, credentials: "same-origin" });
  } catch {
    throw new UploadError("NETWORK");
  }
  if (response.ok) return (await response.json()) as T;
  const payload = (await response.json().catch(() => null)) as { error?: string } | null;
  throw new UploadError(payload?.error ?? (response.status === 413 ? "UPLOAD_TOO_LARGE" : "INTERNAL"));
}
