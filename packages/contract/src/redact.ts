/**
 * What of the wire is secret, for whatever keeps a trace of it (the server's log, failed-call reports): sessions
 * (sid, the `__Host-sid` cookie, the session-sid header), the device id and secret, passwords, one-time codes,
 * tokens, identity-provider payloads and bind tickets. Their values are replaced, their names kept, so a line still
 * says what was sent. uid is not secret: alone it opens nothing.
 */
export const REDACTED = '[redacted]';

const SECRET_NAME = /(?:^|[_-])(?:sid|smid|password|secret|token|ticket|code|cookie|authorization)$|^(?:auth_params|init_data|request_id)$/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

function nameDecoded(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** `name=value` pairs: a URL's query, a cookie header, a form body. The value runs to the next separator. */
const PAIR = /([^\s&=?;,"'{}]+)=([^\s&;,"']*)/g;
/** `"name": value` members of JSON text, with a string (cut-off ones too: reports truncate), number or literal value. */
const JSON_MEMBER = /"([^"\\]+)"(\s*:\s*)("(?:[^"\\]|\\.)*(?:"|\\?$)|-?\d[\d.eE+-]*|true|false|null)/g;

/**
 * Text that may quote requests — a URL, a body, an error message that repeats a statement — with the value of every
 * secret pair or JSON member replaced by REDACTED.
 */
export function textRedact(text: string): string {
  return text
    .replace(JSON_MEMBER, (whole, name: string, colon: string) => (isSecretName(name) ? `"${name}"${colon}"${REDACTED}"` : whole))
    .replace(PAIR, (whole, name: string) => (isSecretName(nameDecoded(name)) ? `${name}=${REDACTED}` : whole));
}

/** A parsed value (a body, a query object) with every secret field replaced, at any depth; the input is not changed. */
export function valueRedact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return typeof value === 'string' ? textRedact(value) : value;
  if (Array.isArray(value)) return value.map((item) => valueRedact(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) copy[name] = isSecretName(name) ? REDACTED : valueRedact(field, depth + 1);
  return copy;
}
