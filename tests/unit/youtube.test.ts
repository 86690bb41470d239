import { describe, expect, it } from "vitest";
import { youtubeEmbedUrl, youtubeVideoId } from "../../shared/rules/youtube";

const ID = "dQw4w9WgXcQ";

describe("youtubeVideoId: accepted forms", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?t=10`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?start=10`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/live/${ID}`,
    `https://WWW.YOUTUBE.COM/watch?v=${ID}`,
    `  https://youtu.be/${ID}  `,
  ])("%s", (input) => {
    expect(youtubeVideoId(input)).toBe(ID);
  });

  it("keeps the id's case, dashes and underscores", () => {
    expect(youtubeVideoId("https://youtu.be/a-B_c1D2e3F")).toBe("a-B_c1D2e3F");
  });
});

describe("youtubeVideoId: everything else is null", () => {
  it.each([
    ["another video host", "https://vimeo.com/76979871"],
    ["a lookalike host", `https://youtube.com.evil.example/watch?v=${ID}`],
    ["a host ending in youtube.com", `https://notyoutube.com/watch?v=${ID}`],
    ["a lookalike of youtu.be", `https://youtu.be.evil.example/${ID}`],
    ["youtube.com as a path", `https://evil.example/youtube.com/watch?v=${ID}`],
    ["youtube.com as user info", `https://youtube.com@evil.example/watch?v=${ID}`],
    ["a javascript: URL", `javascript:alert(1)//https://www.youtube.com/watch?v=${ID}`],
    ["a data: URL", `data:text/html,https://youtu.be/${ID}`],
    ["an ftp URL", `ftp://youtube.com/watch?v=${ID}`],
    ["no scheme", `www.youtube.com/watch?v=${ID}`],
    ["a protocol-relative link", `//youtu.be/${ID}`],
    ["watch without v", "https://www.youtube.com/watch?list=PL123"],
    ["an id too short", "https://www.youtube.com/watch?v=dQw4w9WgXc"],
    ["an id too long", "https://www.youtube.com/watch?v=dQw4w9WgXcQQ"],
    ["an id with bad characters", "https://youtu.be/dQw4w9WgX%21"],
    ["youtu.be without id", "https://youtu.be/"],
    ["a channel page", "https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw"],
    ["a playlist", "https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG"],
    ["the home page", "https://www.youtube.com/"],
    ["plain text", "not a link"],
    ["an empty string", ""],
  ])("%s", (_, input) => {
    expect(youtubeVideoId(input)).toBeNull();
  });
});

describe("youtubeEmbedUrl", () => {
  it.each([`https://www.youtube.com/watch?v=${ID}`, `https://youtu.be/${ID}`, `https://youtube.com/shorts/${ID}`])(
    "embeds %s through youtube-nocookie.com",
    (input) => {
      expect(youtubeEmbedUrl(input)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
    },
  );

  it("drops everything but the id (no query or fragment reaches the embed)", () => {
    expect(youtubeEmbedUrl(`https://www.youtube.com/embed/${ID}?autoplay=1#x`)).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}`,
    );
  });

  it.each(["https://vimeo.com/76979871", `https://youtube.com.evil.example/watch?v=${ID}`, "javascript:alert(1)", ""])(
    "is null for %j",
    (input) => {
      expect(youtubeEmbedUrl(input)).toBeNull();
    },
  );
});
