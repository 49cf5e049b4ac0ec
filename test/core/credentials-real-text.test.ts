// The credential check read against real text (test/bench/credential-corpus.ts): what documentation
// and code write where a credential goes (a placeholder, a variable, an expression, a type) is no
// credential, in a mailbox message or an RW-003 record; and a literal still is.
import { describe, expect, it } from "vitest";
import { valueKind } from "../../core/_credentials.js";
import { secretLines } from "../../core/mailbox/message-secrets.js";

const passes = (line: string): void => {
  expect(valueKind(line), line).toBeUndefined();
  expect(secretLines(`context\n${line}\n`), line).toStrictEqual([]);
};
const refused = (line: string, kind: string): void => {
  expect(valueKind(line), line).toBe(kind);
  expect(secretLines(`context\n${line}\n`), line).toStrictEqual([{ line: 2, kind }]);
};

describe("a placeholder stands in for a credential", () => {
  const lines = [
    // by convention
    "api_key=YOUR_API_KEY",
    "API_KEY=your-api-key-here",
    'token: "YOUR_TOKEN"',
    "export NPM_TOKEN=yourToken",
    'password: "paste-here"',
    "password=changeme",
    // the credential's own name
    "password: password,",
    "//   password: 'password'",
    "token = token",
    // a template or an embedded placeholder
    'token: "rwa.writer.<43 characters>"',
    "TOKEN=$(gh auth token)",
    "token: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`",
    'secret_key_base: "<%= ENV["SECRET_KEY_BASE"] %>"',
    "password={password}",
    "password=$db_pass",
    // after an auth scheme
    "'authorization': 'Bearer token'",
    "// token: 'Bearer xxxx'",
    '"Authorization": "Bearer YOUR_ACCESS_TOKEN"',
    "Authorization: Bearer YOUR_ACCESS_TOKEN",
    "Bearer YOUR_PERSONAL_ACCESS_TOKEN",
    // in a URL
    "https://api.example.com/?api_key=YOUR_API_KEY",
    "https://api.example.com/?access_token=<token>",
    "https://api.example.com/?token=${TOKEN}",
    "https://api.example.com/?access_token={token}",
    "presigned (`?AWSAccessKeyId=...&Signature=...`) and `?apiKey=` were read",
    "postgres://user:password@localhost/db",
    "new Socks5ProxyAgent('socks5://user:pass@localhost:1080')",
    "mongodb://<username>:<password>@host/db",
    "https://user:${PASSWORD}@host",
    "https://user:$PASSWORD@host",
    "<protocol>://[<user>[:<password>]@]<hostname>[:<port>][:][/]<path>",
  ];
  for (const line of lines) it(`passes ${line}`, () => passes(line));
});

describe("code computes a value rather than holding it", () => {
  const lines = [
    "token: process.env.GITHUB_TOKEN",
    "const token = process.env.NPM_TOKEN;",
    'api_key = os.getenv("API_KEY")',
    'token = os.environ["TOKEN"]',
    "password: config.db.password,",
    "cookiesEnabled: navigator.cookieEnabled",
    "const secret = crypto.randomBytes(32)",
    "password = hashPassword(password)",
    'const cookie = require("cookie");',
    'const cookieObject = cookie.parseCookie("foo=bar");',
    "password: v.pipe(v.string(), v.minLength(8)),",
    "const password = new Password(input);",
    "const aliceSecret = alice.computeSecret(bobKey);",
    // comparisons, arrows and paths are no assignments
    "if (token === undefined) return",
    "console.log(aliceSecret === bobSecret);",
    "password::from(input)",
    "const token => fetchToken",
    // a type is no value
    "password: string;",
    "MY_SECRET: string;",
    "token: TokensMap[K],",
    "secret: Optional[str],",
    "password: string[];",
  ];
  for (const line of lines) it(`passes ${line}`, () => passes(line));
});

describe("a literal is still a credential, an example one too", () => {
  const lines = [
    "token: 'deadbeef'",
    "const secret = 'abcdefg';",
    "password: '12345678',",
    "'X-TOKEN-SECRET': 'SuperSecretToken',",
    "password=hunter2",
    "Password: hunter2 (rotate monthly)",
    "token = abc123",
    "password: hunter2;",
    "secret: Tr0ub4dor&3 see below",
    "password: 'Bearer-less s3cret'",
    "password=correct.horse.battery",
  ];
  for (const line of lines) it(`refuses ${line}`, () => refused(line, "a credential written as text"));
  it("refuses a URL's password that is no placeholder", () => {
    refused("postgres://app:hunter2@10.0.0.5:5432/app", "a URL with a password");
    refused("redis://:s3cr3tpassword@cache.internal:6379/0", "a URL with a password");
  });
  it("refuses a URL parameter holding a value", () => {
    refused("https://api.example/v1?api_key=abc123", "a URL carrying a credential");
    refused("see (https://api.example/v1?token=abc123).", "a URL carrying a credential");
  });
  it("refuses a bearer token that is no placeholder", () => {
    refused("Bearer 9f8e7d6c5b4a39281706", "a bearer token");
    refused('"Authorization": "Bearer abc123"', "a bearer token");
  });
});

describe("hostile input stays linear", () => {
  // The test's timeout is the bound; no time is asserted.
  const big = 1 << 20;
  const inputs = [`password=${"a.".repeat(big / 2)}`, "password=a.".repeat(big / 11), `token: ${"Map[".repeat(big / 4)}`, `?token=${")".repeat(big)}a`, "?token=".repeat(big / 7), `://a:${"]".repeat(big)}@`, "://a:b@".repeat(big / 7), `Bearer ${"A".repeat(big)}`, "x === ".repeat(big / 6), "token = process.env.".repeat(big / 20)];
  for (const input of inputs) it(`scans ${JSON.stringify(input.slice(0, 16))}… (${input.length} characters)`, () => expect(["string", "undefined"]).toContain(typeof valueKind(input)));
});
