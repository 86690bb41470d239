/**
 * SPEC §5: video links must be YouTube links. Accepts youtube.com/watch?v=, youtu.be/,
 * youtube.com/embed/, /shorts/ and /live/ (with or without www./m.), and returns the video id.
 */
const ID = /^[A-Za-z0-9_-]{11}$/;

export function youtubeVideoId(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.slice(1).split("/")[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (url.pathname === "/watch") id = url.searchParams.get("v");
    else {
      const match = url.pathname.match(/^\/(embed|shorts|live)\/([^/]+)/);
      id = match?.[2] ?? null;
    }
  }
  return id && ID.test(id) ? id : null;
}

/** The privacy-friendly embed address of a YouTube link (the CSP allows only this host). */
export function youtubeEmbedUrl(input: string): string | null {
  const id = youtubeVideoId(input);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
