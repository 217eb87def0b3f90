import { describe, expect, it } from "vitest";
import { escapeHtml, Html, html, raw, safeUrl } from "../../../src/http/web/html.js";

describe("html template", () => {
  it("escapes every interpolated text, in text and in attributes", () => {
    const name = `<script>alert(1)</script>`;
    const attr = `" onmouseover="alert(1)`;
    const page = html`<p title="${attr}">${name}</p>`.text;
    expect(page).toBe(`<p title="&quot; onmouseover=&quot;alert(1)">&lt;script&gt;alert(1)&lt;/script&gt;</p>`);
    expect(page).not.toContain("<script>");
  });
  it("escapes &, both quotes and backticks", () => {
    expect(escapeHtml(`a&b'c"d\`e`)).toBe("a&amp;b&#39;c&quot;d&#96;e");
    expect(html`${"&amp;"}`.text).toBe("&amp;amp;");
  });
  it("keeps nested html and raw fragments, joins lists, prints nothing for null, undefined and false", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(html`<p>${inner}${raw("<br>")}</p>`.text).toBe("<p><b>&lt;i&gt;</b><br></p>");
    expect(html`<ul>${["<a>", "b"].map((x) => html`<li>${x}</li>`)}</ul>`.text).toBe(
      "<ul><li>&lt;a&gt;</li><li>b</li></ul>",
    );
    expect(html`${null}${undefined}${false}${0}`.text).toBe("0");
    expect(html`x` instanceof Html).toBe(true);
  });
  it("a plain object that looks like Html is still escaped (only real Html instances are trusted)", () => {
    const fake = { text: "<script>" } as unknown as string;
    expect(html`${fake}`.text).toBe("[object Object]");
  });
  it("safeUrl drops javascript: and other schemes, keeps http(s) and relative URLs", () => {
    expect(safeUrl("javascript:alert(1)")).toBe("#");
    expect(safeUrl(" JaVaScRiPt:alert(1)")).toBe("#");
    expect(safeUrl("data:text/html,x")).toBe("#");
    expect(safeUrl("https://images.example.org/a.jpg")).toBe("https://images.example.org/a.jpg");
    expect(safeUrl("/product/123")).toBe("/product/123");
    expect(safeUrl("?page=2")).toBe("?page=2");
  });
});
