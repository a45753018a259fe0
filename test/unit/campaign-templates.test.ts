import { describe, expect, test } from "bun:test";
import { MERGE_TAGS, checkTemplates, renderTemplates, type MergeData, type TemplateSet } from "../../src/modules/campaigns/templates.ts";

const ann: MergeData = {
  person: { email: "ann@example.com", givenName: "Ann", familyName: "Lee", company: "Acme", timezone: "Europe/Paris", custom: { plan: "pro", seats: 12 } },
  sender: { name: "Bob Smith", email: "bob@sender.test" },
  variables: { opener: "Loved your talk at the warehouse summit." },
};
const person = (p: Partial<MergeData["person"]>): MergeData => ({ ...ann, person: { ...ann.person, ...p } });
const set = (t: Partial<TemplateSet>): TemplateSet => ({ subject: "Hello", preheader: null, html: "<p>x</p>", text: "x", ...t });

/** The text part of a render that must succeed. */
function text(template: string, data: MergeData = ann, seed = "msg_1"): string {
  const r = renderTemplates(set({ text: template }), data, seed);
  if (!r.ok) throw new Error(`render failed: ${r.field}: ${r.detail}`);
  return r.text;
}
function html(template: string, data: MergeData = ann, seed = "msg_1"): string {
  const r = renderTemplates(set({ html: template }), data, seed);
  if (!r.ok) throw new Error(`render failed: ${r.field}: ${r.detail}`);
  return r.html;
}
const seeds = (n: number) => Array.from({ length: n }, (_, i) => `msg_${i.toString(16).padStart(8, "0")}`);
const tally = (values: string[]) => values.reduce<Record<string, number>>((m, v) => ((m[v] = (m[v] ?? 0) + 1), m), {});

describe("merge tags", () => {
  test("every alias of the person's fields", () => {
    expect(text("{{first_name}}|{{given_name}}|{{last_name}}|{{family_name}}|{{full_name}}|{{email}}|{{company}}|{{timezone}}")).toBe(
      "Ann|Ann|Lee|Lee|Ann Lee|ann@example.com|Acme|Europe/Paris",
    );
    expect(text("[{{ full_name }}]", person({ familyName: null }))).toBe("[Ann]");
    expect(MERGE_TAGS).toEqual(expect.arrayContaining(["first_name", "given_name", "last_name", "family_name", "email", "company", "timezone", "sender", "variables"]));
  });

  test("custom fields at the root and under custom.; a built-in name wins at the root", () => {
    expect(text("{{ plan }} {{ custom.plan }} {{ seats }} {{ custom.seats | plus: 1 }}")).toBe("pro pro 12 13");
    const clash = person({ custom: { company: "From custom" } });
    expect(text("{{ company }} / {{ custom.company }}", clash)).toBe("Acme / From custom");
  });

  test("sender and AI variables", () => {
    expect(text("{{ sender.name }} <{{ sender.email }}>: {{ variables.opener }}")).toBe("Bob Smith <bob@sender.test>: Loved your talk at the warehouse summit.");
  });

  test("a missing or blank value renders empty, and default fills it", () => {
    const noName = person({ givenName: null, custom: { plan: "   " } });
    expect(text('Hi {{ first_name | default: "there" }},', noName)).toBe("Hi there,");
    expect(text('Hi {{first_name | default: "there"}},')).toBe("Hi Ann,");
    expect(text("[{{ plan }}][{{ custom.missing }}][{{ variables.nothing }}]", noName)).toBe("[][][]");
    expect(text('{{ plan | default: "free" }}', noName)).toBe("free");
  });

  test("conditionals: a null or blank field is false", () => {
    const tpl = "{% if company %}at {{ company }}{% else %}no company{% endif %}";
    expect(text(tpl)).toBe("at Acme");
    expect(text(tpl, person({ company: null }))).toBe("no company");
    expect(text(tpl, person({ company: "  " }))).toBe("no company");
    expect(text("{% if seats > 10 %}big{% endif %}")).toBe("big");
  });

  test("templates read no prototype properties and no files", () => {
    expect(text("[{{ custom.constructor }}][{{ sender.constructor.name }}][{{ email.constructor }}]")).toBe("[][][]");
    const withProto = person({ custom: JSON.parse('{"__proto__": "p", "toString": "t"}') });
    expect(text("{{ custom.toString }} {{ toString }}", withProto)).toBe("t t");
    const r = renderTemplates(set({ text: "{% include '/etc/passwd' %}" }), ann, "s");
    expect(r.ok).toBe(false);
    expect(checkTemplates(set({ html: "{% render 'x' %}" }), [])).toEqual([{ field: "html", code: "syntax", detail: expect.stringContaining('tag "render" not found') }]);
  });
});

describe("spintax", () => {
  test("the same seed makes the same choices", () => {
    const t = set({ subject: "{Hi|Hello|Hey} {{ first_name }}", text: "{One|Two|Three} {a|b|c|d}" });
    const a = renderTemplates(t, ann, "msg_abc");
    expect(renderTemplates(t, ann, "msg_abc")).toEqual(a);
    expect(a.ok && ["Hi Ann", "Hello Ann", "Hey Ann"].includes(a.subject)).toBe(true);
  });

  test("1,000 seeds spread evenly over the options", () => {
    const counts = tally(seeds(1000).map((s) => text("{a|b|c}", ann, s)));
    expect(Object.keys(counts).sort()).toEqual(["a", "b", "c"]);
    // Expected 333 each, standard deviation ~15: these bounds are over 4 deviations wide.
    for (const n of Object.values(counts)) {
      expect(n).toBeGreaterThan(270);
      expect(n).toBeLessThan(400);
    }
  });

  test("each group chooses independently, and so does each field", () => {
    const pairs = tally(seeds(1000).map((s) => text("{a|b|c}{x|y|z}", ann, s)));
    expect(Object.keys(pairs)).toHaveLength(9);
    for (const n of Object.values(pairs)) expect(n).toBeGreaterThan(60);
    const t = set({ subject: "{a|b}", text: "{a|b}" });
    const same = seeds(1000).filter((s) => {
      const r = renderTemplates(t, ann, s);
      return r.ok && r.subject === r.text;
    }).length;
    expect(same).toBeGreaterThan(400);
    expect(same).toBeLessThan(600);
  });

  test("nested groups", () => {
    const counts = tally(seeds(1000).map((s) => text("{a|{b|c}}", ann, s)));
    expect(Object.keys(counts).sort()).toEqual(["a", "b", "c"]);
    expect(counts.a).toBeGreaterThan(420);
    expect(counts.b).toBeGreaterThan(180);
    expect(counts.c).toBeGreaterThan(180);
    expect(new Set(seeds(200).map((s) => text("{Hi {Ann|there}|Hello {x|y|z}}!", ann, s)))).toEqual(
      new Set(["Hi Ann!", "Hi there!", "Hello x!", "Hello y!", "Hello z!"]),
    );
  });

  test("options may hold liquid, including blocks closed inside the option", () => {
    expect(new Set(seeds(100).map((s) => text("{Hi {{first_name}}|Hello}", ann, s)))).toEqual(new Set(["Hi Ann", "Hello"]));
    expect(new Set(seeds(100).map((s) => text("{{{first_name}}|there}", ann, s)))).toEqual(new Set(["Ann", "there"]));
    const tpl = "{{% if company %}at {{ company }}{% endif %}|from {{ company | default: 'nowhere' }}}";
    expect(new Set(seeds(100).map((s) => text(tpl, ann, s)))).toEqual(new Set(["at Acme", "from Acme"]));
  });

  test("liquid's own braces and bars are never spintax", () => {
    for (const s of seeds(50)) {
      expect(text('{{ first_name | default: "x" }}', person({ givenName: null }), s)).toBe("x");
      expect(text('{{ company | default: "a|b" }}', person({ company: null }), s)).toBe("a|b");
      expect(text("{{ '}' }}{{ \"{a|b}\" }}", ann, s)).toBe("}{a|b}");
      expect(text("{% raw %}{a|b}{% endraw %}", ann, s)).toBe("{a|b}");
      expect(text("{% comment %}{a|b{% endcomment %}ok", ann, s)).toBe("ok");
    }
  });

  test("braces without a bar, and bars outside braces, are text", () => {
    expect(html("<style>td { color: red; }</style><p>a | b</p>")).toBe("<style>td { color: red; }</style><p>a | b</p>");
    expect(text('{"a": 1} and { not closed')).toBe('{"a": 1} and { not closed');
    expect(text("{ {x|y} }", ann, "s").length).toBe(5);
  });

  test("person data is never spun", () => {
    for (const s of seeds(20)) expect(text("Hi {{ first_name }}", person({ givenName: "{Ann|Bob}" }), s)).toBe("Hi {Ann|Bob}");
  });
});

describe("checkTemplates", () => {
  test("a good variant has no problems", () => {
    const good = set({
      subject: "{Quick question|Idea} for {{ first_name | default: 'you' }} at {{ company }}",
      preheader: "{{ variables.opener }}",
      html: "<p>Hi {{ first_name }}, {{ plan }} / {{ custom.plan }}</p>{% for i in (1..3) %}{{ i }}{{ forloop.index }}{% endfor %}{% assign x = 1 %}{{ x }}",
      text: "{{ sender.name }} {{ sender.email }} {{ full_name }} {{ email }} {{ timezone }} {{ given_name }} {{ last_name }} {{ family_name }}",
    });
    expect(checkTemplates(good, ["plan"])).toEqual([]);
  });

  test("an unknown merge tag names its field", () => {
    expect(checkTemplates(set({ html: "<p>{{ frist_name }}</p>", text: "{{ plan }}" }), ["plan"])).toEqual([
      { field: "html", code: "unknown_tag", detail: 'unknown merge tag "frist_name" (line 1, column 7)' },
    ]);
    expect(checkTemplates(set({ subject: "{{ sender.phone }} {{ custom.nope }} {{ custom.plan }}" }), ["plan"]).map((p) => p.detail)).toEqual([
      'unknown merge tag "sender.phone" (line 1, column 4)',
      'unknown merge tag "custom.nope" (line 1, column 23)',
    ]);
    expect(checkTemplates(set({ preheader: "{% if vip %}hi{% endif %}" }), [])).toEqual([{ field: "preheader", code: "unknown_tag", detail: expect.stringContaining('"vip"') }]);
  });

  test("unknown tags inside spintax options are found in every option", () => {
    expect(checkTemplates(set({ text: "{a|{{ nope }}|{b|{{ other }}}}" }), []).map((p) => p.detail)).toEqual([
      expect.stringContaining('"nope"'),
      expect.stringContaining('"other"'),
    ]);
  });

  test("a liquid syntax error", () => {
    expect(checkTemplates(set({ html: "<p>{% if first_name %}hi</p>" }), [])).toEqual([{ field: "html", code: "syntax", detail: expect.stringContaining("not closed") }]);
    expect(checkTemplates(set({ text: "Hi {{ first_name " }), [])).toEqual([{ field: "text", code: "syntax", detail: expect.stringContaining("not closed") }]);
    expect(checkTemplates(set({ subject: "{% bogus %}" }), [])).toEqual([{ field: "subject", code: "syntax", detail: expect.stringContaining('tag "bogus" not found') }]);
  });

  test("unbalanced spintax", () => {
    expect(checkTemplates(set({ subject: "Hi {there|you" }), [])).toEqual([
      { field: "subject", code: "syntax", detail: "spintax: this '{' is never closed with '}' (line 1, column 4)" },
    ]);
    expect(checkTemplates(set({ text: "line one\nHi there|you} friend" }), [])).toEqual([
      { field: "text", code: "syntax", detail: "spintax: this '}' closes no '{' (a group is written {a|b}) (line 2, column 13)" },
    ]);
    expect(checkTemplates(set({ text: "{a|{b|c}" }), [])).toEqual([{ field: "text", code: "syntax", detail: expect.stringContaining("never closed") }]);
  });

  test("a liquid block may not straddle spintax options", () => {
    expect(checkTemplates(set({ text: "{{% if company %}a|b{% endif %}}" }), [])).toEqual([
      { field: "text", code: "syntax", detail: expect.stringContaining("must open and close inside one spintax option") },
    ]);
    expect(checkTemplates(set({ text: "{% if company %}{a|b{% endif %}}" }), [])).toEqual([{ field: "text", code: "syntax", detail: expect.any(String) }]);
  });

  test("an unknown filter", () => {
    expect(checkTemplates(set({ subject: "{{ first_name | upcasee }} {{ company | nope: 2 }} {{ email | upcase }}" }), [])).toEqual([
      { field: "subject", code: "unknown_tag", detail: 'unknown filter "upcasee" (line 1, column 17)' },
      { field: "subject", code: "unknown_tag", detail: 'unknown filter "nope" (line 1, column 41)' },
    ]);
    expect(renderTemplates(set({ subject: "{{ first_name | upcasee }}" }), ann, "s")).toEqual({ ok: false, field: "subject", detail: expect.stringContaining("undefined filter") });
  });

  test("a line break written into the subject", () => {
    expect(checkTemplates(set({ subject: "Hello\nthere" }), [])).toEqual([{ field: "subject", code: "syntax", detail: expect.stringContaining("one line") }]);
    // Line breaks inside liquid markup, or trimmed by whitespace control, render nothing.
    expect(checkTemplates(set({ subject: "{% if company\n %}Hi{% endif -%}\n {{ first_name }}" }), [])).toEqual([]);
  });
});

describe("HTML", () => {
  test("person data is escaped in HTML and written as-is in text", () => {
    const evil = person({ givenName: '<b onclick="x()">Ann</b> & "co"' });
    expect(html("<p>Hi {{ first_name }}</p>", evil)).toBe("<p>Hi &lt;b onclick=\"x()\"&gt;Ann&lt;/b&gt; &amp; \"co\"</p>");
    expect(text("Hi {{ first_name }}", evil)).toBe('Hi <b onclick="x()">Ann</b> & "co"');
    // Escaped once, whether the author wrote the filter or not; `raw` is the author's own choice.
    expect(html("{{ company | escape }} {{ company | escape_once }} {{ company }}", person({ company: "A&B <x>" }))).toBe("A&amp;B &lt;x&gt; A&amp;B &lt;x&gt; A&amp;B &lt;x&gt;");
    expect(html("{{ '<b>bold</b>' | raw }}")).toBe("<b>bold</b>");
    const r = renderTemplates(set({ subject: "For {{ first_name }}" }), evil, "s");
    expect(r.ok && r.subject).toBe('For <b onclick="x()">Ann</b> & "co"');
  });

  test("scripts, handlers and script URLs are stripped", () => {
    const out = html(
      [
        "<p onclick=\"steal()\" onmouseover='x'>Hi</p>",
        "<script>alert(1)</script><SCRIPT src=//evil.test/x.js></SCRIPT>",
        '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="vbscript:x">c</a><a href="data:text/html,<script>x</script>">d</a>',
        '<img src="javascript:x" onerror="alert(1)">',
        '<iframe src="https://evil.test"></iframe><object data="x"></object><embed src="x">',
        '<form action="https://evil.test"><input name="pw"><button>Go</button></form>',
        '<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=https://evil.test">',
        "<svg onload=alert(1)><circle /></svg>",
      ].join(""),
    );
    expect(out).not.toMatch(/script|onclick|onmouseover|onerror|onload|javascript|vbscript|data:text|iframe|object|embed|form|input|base|refresh|svg/i);
    expect(out).toContain("<p>Hi</p>");
    expect(out).toContain("<a>a</a>");
  });

  test("a script URL from person data is stripped from the link", () => {
    const r = html('<a href="{{ custom.site }}">site</a>', person({ custom: { site: "javascript:alert(document.cookie)" } }));
    expect(r).toBe("<a>site</a>");
    expect(html('<a href="{{ custom.site }}">site</a>', person({ custom: { site: "https://acme.test/?a=1&b=2" } }))).toBe('<a href="https://acme.test/?a=1&amp;b=2">site</a>');
  });

  test("ordinary email HTML survives", () => {
    const email = [
      "<!DOCTYPE html>",
      '<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>Hi</title>',
      "<style>td { font-family: Arial; } @media (max-width: 600px) { .col { width: 100% !important; } }</style></head>",
      '<body style="margin:0;padding:0" bgcolor="#ffffff">',
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" align="center" style="max-width:600px"><tbody><tr>',
      '<td class="col" valign="top" bgcolor="#f4f4f4" style="padding:12px;color:#333" colspan="2"><font face="Arial" color="#333333" size="2">Hi {{ first_name }},</font></td>',
      '</tr><tr><td><center><a href="https://acme.test/demo?utm_source=x" target="_blank" style="color:#06c">Book a demo</a> · <a href="mailto:{{ sender.email }}">mail</a></center>',
      '<img src="https://cdn.acme.test/logo.png" alt="Acme" width="120" height="40" style="display:block;border:0"><img src="cid:logo@acme" alt=""></td></tr></tbody></table>',
      "<ul><li><strong>One</strong></li><li><em>Two</em></li></ul><blockquote>q</blockquote><hr><h1>T</h1></body></html>",
    ].join("\n");
    const out = html(email);
    for (const kept of [
      "<!DOCTYPE html>",
      '<meta charset="utf-8" />',
      '<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />',
      "<style>td { font-family: Arial; } @media (max-width: 600px) { .col { width: 100% !important; } }</style>",
      '<body style="margin:0;padding:0" bgcolor="#ffffff">',
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" align="center" style="max-width:600px">',
      '<td class="col" valign="top" bgcolor="#f4f4f4" style="padding:12px;color:#333" colspan="2"><font face="Arial" color="#333333" size="2">Hi Ann,</font></td>',
      '<center><a href="https://acme.test/demo?utm_source=x" target="_blank" style="color:#06c">Book a demo</a>',
      '<a href="mailto:bob@sender.test">mail</a>',
      '<img src="https://cdn.acme.test/logo.png" alt="Acme" width="120" height="40" style="display:block;border:0" />',
      '<img src="cid:logo@acme" alt="" />',
      "<ul><li><strong>One</strong></li><li><em>Two</em></li></ul><blockquote>q</blockquote><hr /><h1>T</h1>",
    ]) {
      expect(out).toContain(kept);
    }
  });
});

describe("subject and preheader", () => {
  test("a CR/LF from data fails the message instead of writing a header", () => {
    const r = renderTemplates(set({ subject: "Hi {{ first_name }}" }), person({ givenName: "Ann\r\nBcc: everyone@example.com" }), "s");
    expect(r).toEqual({ ok: false, field: "subject", detail: expect.stringContaining("line break") });
    const p = renderTemplates(set({ preheader: "{{ variables.opener }}" }), { ...ann, variables: { opener: "a\nb" } }, "s");
    expect(p).toEqual({ ok: false, field: "preheader", detail: expect.any(String) });
    for (const c of ["\u0000", "\t", "\u007f", "\u0085", "\u2028"]) {
      expect(renderTemplates(set({ subject: "{{ company }}" }), person({ company: `A${c}B` }), "s").ok).toBe(false);
    }
    // In the text body a line break is ordinary.
    expect(text("{{ first_name }}", person({ givenName: "Ann\r\nLee" }))).toBe("Ann\r\nLee");
  });

  test("trimmed, spaces collapsed; an empty subject fails; an empty preheader is null", () => {
    const r = renderTemplates(set({ subject: "  Hi   {{ first_name }}  {{ company }} ", preheader: " {{ custom.none }} " }), person({ company: "Big   Co" }), "s");
    expect(r).toEqual({ ok: true, subject: "Hi Ann Big Co", preheader: null, html: "<p>x</p>", text: "x" });
    expect(renderTemplates(set({ subject: "{{ company }}" }), person({ company: null }), "s")).toEqual({ ok: false, field: "subject", detail: "the rendered subject is empty" });
    const withPre = renderTemplates(set({ preheader: "{{ variables.opener }}" }), ann, "s");
    expect(withPre.ok && withPre.preheader).toBe("Loved your talk at the warehouse summit.");
  });
});

describe("failures answer ok:false", () => {
  test("a template that does not parse", () => {
    expect(renderTemplates(set({ html: "{% if x %}" }), ann, "s")).toEqual({ ok: false, field: "html", detail: expect.stringContaining("not closed") });
    expect(renderTemplates(set({ text: "{a|b" }), ann, "s")).toEqual({ ok: false, field: "text", detail: expect.stringContaining("never closed") });
  });

  test("a hostile template stops at the engine's limits instead of hanging", () => {
    const huge = renderTemplates(set({ html: "{% for i in (1..100000000) %}x{% endfor %}" }), ann, "s");
    expect(huge).toEqual({ ok: false, field: "html", detail: expect.stringContaining("limit exceeded") });
    // Under the memory limit, but 810,000 outputs of five filters each: the time limit stops it.
    const loops = "{% for a in (1..900) %}{% for b in (1..900) %}{{ a | times: b | plus: 1 | minus: 1 | modulo: 7 | abs }}{% endfor %}{% endfor %}";
    const slow = renderTemplates(set({ text: loops }), ann, "s");
    expect(slow).toEqual({ ok: false, field: "text", detail: expect.stringContaining("template render limit exceeded") });
    const doubling = renderTemplates(set({ text: "{% assign s = 'xxxxxxxxxx' %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}" }), ann, "s");
    expect(doubling).toEqual({ ok: false, field: "text", detail: expect.stringContaining("limit exceeded") });
  });

  test("odd data does not throw", () => {
    const odd = person({ custom: { list: [1, 2, 3], nested: { a: { b: "deep" } }, n: null, flag: true } });
    expect(text("{{ list | join: ',' }} {{ nested.a.b }} {{ n }} {{ flag }} {% for x in list %}{{ x }}{% endfor %}", odd)).toBe("1,2,3 deep  true 123");
  });
});
