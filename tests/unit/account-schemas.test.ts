import { describe, expect, it } from "vitest";
import { formatIban, isIban } from "../../shared/rules/bank";
import { ZOrganiserProfile, ZPaymentDetails } from "../../shared/schemas/account";
import { V } from "../../shared/schemas/messages";

const profile = {
  firstName: "Greta",
  lastName: "Gastgeber",
  organizerName: "Konzerthaus Nord",
  phone: "",
  vatId: "",
  taxNumber: "",
  country: null,
  address: "",
  city: "",
  zipCode: "",
  description: "",
  website: "",
  facebookUrl: "",
  instagramUrl: "",
  youtubeUrl: "",
  logoUploadId: null,
};

describe("IBAN", () => {
  it("is shown in groups of four, whatever was typed", () => {
    expect(formatIban("de89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatIban(" DE89 3704 0044 0532 0130 00 ")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatIban("AT611904300234573201")).toBe("AT61 1904 3002 3457 3201");
  });

  it("is checked by its check digits", () => {
    expect(isIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isIban("DE88 3704 0044 0532 0130 00")).toBe(false);
    expect(ZPaymentDetails.safeParse({ bankName: "B", accountNumber: "DE89 3704 0044 0532 0130 00", bic: "" }).data?.accountNumber).toBe("DE89370400440532013000");
  });
});

describe("profile social links", () => {
  const issue = (change: Record<string, string>) => ZOrganiserProfile.safeParse({ ...profile, ...change }).error?.issues[0];

  it.each([
    ["facebookUrl", "https://www.facebook.com/x"],
    ["facebookUrl", "https://m.facebook.com/x"],
    ["instagramUrl", "https://instagram.com/x"],
    ["youtubeUrl", "https://www.youtube.com/@x"],
    ["youtubeUrl", "https://youtu.be/abc"],
  ] as const)("%s takes %s", (field, url) => {
    expect(issue({ [field]: url })).toBeUndefined();
  });

  it.each([
    ["facebookUrl", "https://instagram.com/x", V.facebookUrl],
    ["facebookUrl", "https://facebook.com.evil.example/x", V.facebookUrl],
    ["facebookUrl", "https://notfacebook.com/x", V.facebookUrl],
    ["instagramUrl", "https://facebook.com/x", V.instagramUrl],
    ["youtubeUrl", "https://vimeo.com/1", V.youtubeUrl],
    ["instagramUrl", "ftp://instagram.com/x", V.url],
    ["youtubeUrl", "javascript:alert(1)", V.url],
    ["facebookUrl", "facebook", V.url],
    ["website", "localhost", V.url],
  ] as const)("%s refuses %s", (field, url, message) => {
    const result = ZOrganiserProfile.safeParse({ ...profile, [field]: url });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});
