/** Removes secrets from URLs before they are logged (passwords travel in query strings on OFF's API). */
const SECRET_PARAMS = /([?&](?:password|pass|token|access_token)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}
