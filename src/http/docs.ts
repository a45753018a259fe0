// Human documentation served by the binary itself: the reference UI, one page
// per error code (the `type` URL of every problem, the `doc_url` of every API A
// envelope) and the agent authentication guide.
import { Elysia } from "elysia";
// Swagger UI, pinned in package.json and embedded by `bun build --compile`
// (file imports): /docs works offline and runs no third-party script.
import swaggerUiJs from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import swaggerUiCss from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import { version as SWAGGER_UI_VERSION } from "swagger-ui-dist/package.json";
import { API_A_CODES, type ApiACode, ERROR_CODES, type ErrorCode } from "../lib/errors";

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function page(title: string, body: string): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · Nearbound</title>` +
      `<style>body{font:16px/1.5 system-ui;max-width:46rem;margin:3rem auto;padding:0 1rem}code{background:#f3f3f3;padding:0 .2em}</style></head>` +
      `<body>${body}</body></html>`,
    { headers: { "content-type": "text/html; charset=utf-8" } },
  );
}

export const AUTH_MD = `# Authenticating to Nearbound

Nearbound has two APIs on one server.

## API A — people verification (\`POST /v1/people/{id}/verify\`)

Send an organisation-scoped API key: \`Authorization: Bearer ak_live_…\`.
Keys are issued by the operator (\`nearbound workspace create\` prints one as
\`verification_key\`; \`nearbound key create --workspace wsp_… --kind verification\`
makes more). A key of a test-mode workspace starts with \`ak_test_\` and checks
syntax only. Errors use the envelope \`{"error":{"type","code","message","hint","doc_url"}}\`
(\`doc_url\`: the page of that \`code\`, under /docs/errors); 401 means the key is
missing, unknown or revoked, and its \`WWW-Authenticate: Bearer resource_metadata="…"\`
names the metadata below (RFC 9728).

Interactive agents: this server is an OAuth 2.1 protected resource
(\`/.well-known/oauth-protected-resource\`, RFC 9728). It accepts the API keys
above as bearer tokens; no authorization server is bundled, so obtain a key
from the operator and send it as a bearer token.

Writes accept \`Idempotency-Key\` (up to 255 characters): a retry with the same
key replays the first result for 24 hours.

## API B — everything else under /v1

Send \`Authorization: Bearer <token>\` with an API key (\`nb_live_…\` for the live
workspace, \`nb_test_…\` for its test-mode twin), a workspace token (\`nbs_…\`) or
a CLI token (\`nbc_…\`). Each route needs one scope, listed in the OpenAPI
document (\`/openapi.json\`); a token without it answers 403 naming the scope.
A missing or invalid token answers 401 with the same \`WWW-Authenticate\` challenge.
`;

// Versioned URLs: another Swagger UI gets other URLs, so browsers may keep these for a year.
const ASSETS = `/docs/assets/swagger-ui-${SWAGGER_UI_VERSION}`;
const asset = (path: string, type: string) => () =>
  new Response(Bun.file(path), { headers: { "content-type": type, "cache-control": "public, max-age=31536000, immutable" } });

// Same-origin URLs only. No validator: Swagger UI would call validator.swagger.io.
const REFERENCE_UI = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nearbound API reference</title><link rel="stylesheet" href="${ASSETS}/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true, validatorUrl: null });</script></body></html>`;

/** The page of a code of the registry (API B) or of API A's table; a code of both has one page. */
function codePage(code: string): Response | null {
  // own properties only: "constructor" is no code
  const b = Object.hasOwn(ERROR_CODES, code) ? ERROR_CODES[code as ErrorCode] : null;
  const a = Object.hasOwn(API_A_CODES, code) ? API_A_CODES[code as ApiACode] : null;
  const info = a ?? b;
  if (!info) return null;
  const statuses = a ? a.statuses.join(" or ") : b!.status;
  const apis = [b && "API B (problem <code>code</code>)", a && "API A (envelope <code>error.code</code>)"].filter(Boolean).join(", ");
  return page(
    info.title,
    `<h1>${esc(info.title)}</h1><p>Code <code>${esc(code)}</code> · HTTP ${statuses} · ${apis}</p><p>${esc(info.explanation)}</p>` +
      (a?.hint ? `<p>Remedy: ${esc(a.hint)}</p>` : "") +
      `<p><a href="../errors">All error codes</a></p>`,
  );
}

const codeTable = (rows: [string, string, string][]) =>
  `<table><tr><th>code</th><th>status</th><th>meaning</th></tr>` +
  rows.map(([c, status, title]) => `<tr><td><a href="errors/${c}"><code>${c}</code></a></td><td>${status}</td><td>${esc(title)}</td></tr>`).join("") +
  `</table>`;

export function docsRoutes() {
  return new Elysia()
    .get("/docs", () => new Response(REFERENCE_UI, { headers: { "content-type": "text/html; charset=utf-8" } }), { detail: { hide: true } })
    .get(`${ASSETS}/swagger-ui-bundle.js`, asset(swaggerUiJs, "text/javascript; charset=utf-8"), { detail: { hide: true } })
    .get(`${ASSETS}/swagger-ui.css`, asset(swaggerUiCss, "text/css; charset=utf-8"), { detail: { hide: true } })
    .get(
      "/docs/errors",
      () =>
        page(
          "Error codes",
          `<h1>Error codes</h1><h2>API B: problem <code>code</code></h2>` +
            codeTable(Object.entries(ERROR_CODES).map(([c, i]) => [c, String(i.status), i.title])) +
            `<h2>API A: envelope <code>error.code</code></h2>` +
            codeTable(Object.entries(API_A_CODES).map(([c, i]) => [c, i.statuses.join(", "), i.title])),
        ),
      { detail: { hide: true } },
    )
    .get(
      "/docs/errors/:code",
      ({ params, set }) => {
        const found = codePage(params.code);
        if (found) return found;
        set.status = 404;
        return page("Unknown error code", `<h1>Unknown error code</h1><p><code>${esc(params.code)}</code> is not in the registry. <a href="../errors">All codes</a>.</p>`);
      },
      { detail: { hide: true } },
    )
    .get("/auth.md", () => new Response(AUTH_MD, { headers: { "content-type": "text/markdown; charset=utf-8" } }), { detail: { hide: true } });
}
