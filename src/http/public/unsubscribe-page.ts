// The unsubscribe pages people see in their browser or mail client's viewer:
// plain HTML, inline CSS, no script, nothing loaded from anywhere — so they
// work everywhere, and the CSP can forbid everything else.

/** Headers of every answer under /u/: nothing runs, nothing is cached, the token leaks through no Referer. */
export const PAGE_HEADERS: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE =
  "body{margin:0;padding:3rem 1rem;background:#f6f6f4;color:#1d1d1b;font:16px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}" +
  "main{max-width:28rem;margin:0 auto;padding:2rem;background:#fff;border:1px solid #e2e2de;border-radius:8px}" +
  "h1{margin:0 0 1rem;font-size:1.35rem}p{margin:0 0 1.5rem}" +
  "button{padding:.7rem 1.4rem;border:0;border-radius:6px;background:#1d1d1b;color:#fff;font:inherit;cursor:pointer}";

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">' +
    `<title>${title}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

/**
 * GET: asks, never acts (mail scanners follow links). The form has no action,
 * so it posts back to this very URL; its body is RFC 8058's, plus `from=page`
 * so the event can say which way the person came.
 */
export function confirmPage(maskedAddress: string): string {
  return page(
    "Unsubscribe",
    "<h1>Unsubscribe</h1>" +
      `<p>Stop all email from this sender to <strong>${escapeHtml(maskedAddress)}</strong>?</p>` +
      '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><input type="hidden" name="from" value="page">' +
      '<button type="submit">Unsubscribe</button></form>',
  );
}

/** POST, the first time or again: the same answer (RFC 8058 clients ignore it). */
export function donePage(maskedAddress: string): string {
  return page("Unsubscribed", `<h1>You are unsubscribed</h1><p><strong>${escapeHtml(maskedAddress)}</strong> will receive no more email from this sender.</p>`);
}

/** An unknown or malformed link: one answer for both. */
export function unknownLinkPage(): string {
  return page("Link not valid", "<h1>This link is not valid</h1><p>It may have been copied incompletely. Use the unsubscribe link of the email itself.</p>");
}
