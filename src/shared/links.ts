/**
 * Links in model answers (issue 17: phishing through model output). A link is shown only when it is
 * plainly what it says: web or mail links whose text does not name another site, and whose address
 * carries no personal details (a date, an identifier, a labelled name). Anything else is shown as text,
 * with the reason. Dependency-free: the renderer and its tests share it.
 */

export type LinkVerdict =
  | { kind: "link"; href: string; host: string }
  | { kind: "text"; reason: "scheme" | "personal" | "deceptive" | "invalid" };

/** Query keys or path words that mean a person's details are in the address. */
const PERSONAL_KEYS = /(?:^|[?&/;_.-])(?:name|first|last|fullname|patient|dob|birth|birthdate|ssn|social|mrn|member|memberid|policy|phone|email|address|zip|nombre|paciente|nacimiento)(?:[=/_.-]|$)/i;
/** Values that look like a date, an SSN, an email or a long number. */
const PERSONAL_VALUES = /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b|\b\d{3}-?\d{2}-?\d{4}\b|[^/?&=@\s]+@[^/?&=@\s]+\.[a-z]{2,}|\d{7,}/i;
/** Link text that itself reads as a web address or a domain. */
const LOOKS_LIKE_HOST = /^(?:https?:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:[/:?#]\S*)?$/i;

const bare = (host: string) => host.toLowerCase().replace(/^www\./, "");

export function linkVerdict(href: string | undefined, text: string): LinkVerdict {
  if (!href) return { kind: "text", reason: "invalid" };
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { kind: "text", reason: "invalid" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:" && url.protocol !== "mailto:") return { kind: "text", reason: "scheme" };
  if (url.username || url.password) return { kind: "text", reason: "deceptive" };
  // A mail link's address is an email by nature; what it must not carry is a prefilled message about the person.
  const mail = url.protocol === "mailto:";
  const address = decodeSafely(mail ? url.search : `${url.pathname}${url.search}${url.hash}`);
  if (mail && /(?:^|[?&])(?:cc|bcc|to)=/i.test(url.search)) return { kind: "text", reason: "deceptive" };
  if (PERSONAL_KEYS.test(address) || PERSONAL_VALUES.test(address)) return { kind: "text", reason: "personal" };
  const named = LOOKS_LIKE_HOST.exec(text.trim());
  const host = url.protocol === "mailto:" ? url.pathname.split("@")[1] ?? "" : url.hostname;
  if (named && !sameSite(bare(named[1]!), bare(host))) return { kind: "text", reason: "deceptive" };
  return { kind: "link", href: url.href, host: bare(host) };
}

/** The same site, or one a subdomain of the other (cdc.gov and www.cdc.gov, medicare.gov and es.medicare.gov). */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// A markdown link (text, address with balanced parentheses, optional title), or a bare web address.
// Bounded, and the alternatives never overlap, so matching stays linear.
const MARKDOWN_OR_BARE_LINK = /\[([^\]\n]{0,500})\]\(\s*<?((?:[^\s()<>]|\([^\s()<>]{0,200}\)){1,2000})>?(?:\s+"[^"\n]{0,200}")?\s*\)|\bhttps?:\/\/[^\s<>()[\]"'\p{Cc}]{1,2000}/giu;

/** A site name as plain words: without a scheme or "www.", so a renderer does not turn it back into a link. */
const asWords = (text: string) => text.replace(/^\s*(?:https?:\/\/)?(?:www\.)?/i, "");

/**
 * Answer text as it is stored, exported and printed in a terminal: a link the renderer would not show
 * as a link (personal details in it, text naming another site, another scheme) keeps only its words; a
 * bare address carrying personal details keeps only its site's name. Plain, honest links stay as written.
 */
export function neutralizeLinks(text: string): string {
  return text.replace(MARKDOWN_OR_BARE_LINK, (match: string, label: string | undefined, href: string | undefined) => {
    if (href !== undefined) {
      const verdict = linkVerdict(href, label ?? "");
      if (verdict.kind === "link") return match;
      return verdict.reason === "deceptive" ? asWords(label ?? "") : (label ?? "");
    }
    if (linkVerdict(match, "").kind === "link") return match;
    try {
      return `${asWords(new URL(match).host)}/…`;
    } catch {
      return "";
    }
  });
}
