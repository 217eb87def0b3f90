/** A browser's part in the page tests over HTTP: its cookies, its form posts, signing in. */
import { expect } from "vitest";
import { ALICE, type TestUser } from "./server.js";

/** A browser's cookie jar, enough for these pages: name → value of the Set-Cookie headers received. */
export class Jar {
  readonly cookies = new Map<string, string>();
  take(headers: Headers): string[] {
    const set = headers.getSetCookie();
    for (const line of set) {
      const [pair] = line.split(";");
      const eq = (pair as string).indexOf("=");
      const name = (pair as string).slice(0, eq);
      const value = (pair as string).slice(eq + 1);
      if (value === "" || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return set;
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export interface PageAnswer {
  status: number;
  headers: Headers;
  text: string;
  setCookies: string[];
}

/**
 * GET `path` (no `form`), or POST `form`: urlencoded from a record, multipart from FormData (fetch
 * writes its boundary). Redirects are not followed, as a test wants to see them.
 */
export async function send(
  baseUrl: string,
  jar: Jar,
  path: string,
  form?: Record<string, string> | FormData,
  headers: Record<string, string> = {},
): Promise<PageAnswer> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: form === undefined ? "GET" : "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), ...headers },
    ...(form === undefined ? {} : { body: form instanceof FormData ? form : new URLSearchParams(form) }),
  });
  const setCookies = jar.take(res.headers);
  return { status: res.status, headers: res.headers, text: await res.text(), setCookies };
}

/** The form token of the page's last form (the header's sign-out form comes first). */
export function hiddenToken(text: string): string {
  const token = [...text.matchAll(/name="csrf_token" value="([^"]*)"/g)].at(-1)?.[1];
  expect(token).toBeDefined();
  return token as string;
}

/** Signs in through the sign-in page, which sends back to `returnTo`. */
export async function signIn(baseUrl: string, jar: Jar, returnTo = "/", user: TestUser = ALICE): Promise<void> {
  const form = await send(baseUrl, jar, `/signin?return=${encodeURIComponent(returnTo)}`);
  const answer = await send(baseUrl, jar, "/signin", {
    csrf_token: hiddenToken(form.text),
    user_id: user.userId,
    password: user.password,
    return: returnTo,
  });
  expect(answer.status).toBe(303);
  expect(answer.headers.get("location")).toBe(returnTo);
}
