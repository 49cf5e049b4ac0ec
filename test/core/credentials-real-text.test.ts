// The credential check read against real text (test/bench/credential-corpus.ts): what documentation
// and code write where a credential goes (a placeholder, a variable, an expression, a type) is no
// credential, in a mailbox message or an RW-003 record; a literal still is; and the common
// providers' formats the patterns missed are found.
import { describe, expect, it } from "vitest";
import { credentialName, valueKind } from "../../core/_credentials.js";
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
    // a provider's prefix with the rest elided
    'api_key: "sk-..."',
    "OPENAI_API_KEY=sk-proj-...",
    "AWS_ACCESS_KEY=AKIA...",
    "token: ghp_…",
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
    "password: &str,",
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
    "password=YOURS3CRET",
    "set password=hunter2... then restart",
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

describe("a literal after a comparison, a mapping, a type or a fallback is the credential", () => {
  const lines = [
    'if (password === "Xy9kLm2QpR") login()',
    "password == 'hunter2'",
    "$cfg = ['password' => 'Xy9kLm2QpR'];",
    '"api_key" => "Xy9kLm2QpR",',
    'password: string = "Xy9kLm2QpR"',
    'let secret: &str = "Xy9kLm2QpR";',
    'token: process.env.TOKEN ?? "Xy9kLm2QpR77"',
    "const token = process.env.TOKEN || 'dev-Xy9kLm2QpR'",
    'password = os.getenv("PW") or "Xy9kLm2QpR"',
  ];
  for (const line of lines) it(`refuses ${line}`, () => refused(line, "a credential written as text"));
  const none = [
    'if (password === "") return',
    "if (token === expected) accept()",
    "password: string = process.env.PW",
    'token: process.env.TOKEN ?? ""',
    'token: process.env.TOKEN ?? "${DEFAULT_TOKEN}"',
    "password => check(password)",
    "if (password =~ /^[a-z]+$/)",
  ];
  for (const line of none) it(`passes ${line}`, () => passes(line));
});

describe("a literal default for a credential is the credential", () => {
  const lines = [
    // a Ruby symbol key, and a Ruby 1.9 hash
    ':password => "hunter2"',
    "{ :api_key => 'Xy9kLm2QpR', :user => 'bob' }",
    'password: "hunter2"',
    "{ user: 'bob', password: 'hunter2' }",
    // a lookup's default argument or fallback, assigned or not
    'os.environ.get("PASSWORD", "hunter2")',
    'db = connect(password=os.environ.get("DB_PASSWORD", "hunter2"))',
    'password = os.environ.get("PW", "hunter2")',
    'ENV.fetch("TOKEN", "abc123def")',
    'token = ENV.fetch("TOKEN", "abc123def")',
    'params.fetch(:password, "hunter2")',
    'os.getenv("API_KEY", "abc123def")',
    'System.getenv().getOrDefault("DB_PASSWORD", "hunter2")',
    'process.env.API_TOKEN || "abc123def"',
    "process.env['API_TOKEN'] ?? 'abc123def'",
    'ENV["SECRET_KEY"] or "abc123def"',
    'Deno.env.get("TOKEN") ?? "abc123def"',
    'Deno.env.get("API_TOKEN") || "abc123def"',
    // a shell's default
    "export DB_PASSWORD=${DB_PASSWORD:-hunter2}",
    'psql "postgresql://app:${DB_PASSWORD:-hunter2}@db/app"',
  ];
  for (const line of lines) it(`refuses ${line}`, () => refused(line, "a credential written as text"));
  const none = [
    'os.environ.get("PASSWORD")',
    'os.environ.get("PASSWORD", None)',
    'ENV.fetch("TOKEN", nil)',
    'os.getenv("TOKEN", "")',
    'os.environ.get("PASSWORD", "changeme")',
    'os.environ.get("HOME", "/root")',
    'cookies.get("session", "abc123def")',
    'process.env.TOKEN || ""',
    "process.env.PORT || '8080'",
    "export DB_PASSWORD=${DB_PASSWORD:-}",
    "TOKEN=${TOKEN:-$FALLBACK_TOKEN}",
    "${API_TOKEN:-changeme}",
    "a::password => 'x'",
  ];
  for (const line of none) it(`passes ${line}`, () => passes(line));
});

describe("a finding code and a version token are no credential's names", () => {
  for (const line of ["  error SECRET_VALUE: supported_adapters.0.x_headers.0 holds what looks like a bearer token", "note SECRET_FIELD: x_api.secret is named like a credential", "is `why=UNK`. Before, the tab was read as part of the version token: `VERSION`, and", "pageToken: 'CAUQAA'", "sync token: abc123"]) it(`passes ${line}`, () => passes(line));
  // Only the code after its severity, and not a name ending in a credential's word.
  for (const line of ["SECRET_VALUE: s3cretValue9", "error DB_PASSWORD: hunter2x", "error API_TOKEN: abc123def", "the API token: `abc123def`"]) it(`refuses ${line}`, () => refused(line, "a credential written as text"));
});

describe("a base64 key is no path, though it holds a `/`", () => {
  it("refuses AWS's secret access key written as text", () => {
    refused("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "a credential written as text");
    refused('AWS_SECRET_ACCESS_KEY="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"', "a credential written as text");
  });
  it("refuses an Azure storage account key in a connection string", () => {
    refused("DefaultEndpointsProtocol=https;AccountName=crox;AccountKey=Zm9vYmFyYmF6cXV4/Q2xpcXVlMTIzNDU2Nzg5MA==;EndpointSuffix=core.windows.net", "a credential written as text");
    refused("AccountKey=c2VjcmV0a2V5MDEyMzQ1Njc4OQ==", "a credential written as text");
    // So is an RW-003 field of that name; `account_id` and `account_name` are not.
    expect([credentialName("AccountKey"), credentialName("account_key"), credentialName("account_id"), credentialName("account_name")]).toStrictEqual(["'account_key'", "'account_key'", null, null]);
  });
  it("a path or URI into a secret manager is still a reference", () => {
    for (const line of ["secret_ref: projects/lab/secrets/db/versions/3", "password_file=/run/secrets/db", "secret: vault://op-lab/db", "SECRET=kv/data/crox/deploy"]) passes(line);
  });
});

describe("providers' token formats", () => {
  const tokens: [string, string][] = [
    ["an API secret key", "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"],
    ["an API secret key", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
    ["an API secret key", `dop_v1_${"0a1b2c3d".repeat(8)}`],
    ["an API secret key", `shpat_${"0a1b2c3d".repeat(4)}`],
    ["an API secret key", "dckr_pat_2bJ9xA0kQpLw7Rz3Vn5Ty8Uc1Ho"],
    ["an API secret key", `pypi-AgEIcHlwaS5vcmc${"CJDU3ZTRhNjc4LWQ5NGQtNDRmZi1hYzI".repeat(2)}`],
    ["a Google OAuth token", "ya29.a0AfH6SMBx3kP9Qw7LrT2zVn8YcHd4JmUo"],
    ["a Google OAuth token", "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"],
    ["a webhook URL", "https://hooks.slack.com/services/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"],
    ["a webhook URL", `https://discord.com/api/webhooks/112233445566778899/${"aB3_-xY9zQ".repeat(6)}`],
  ];
  for (const [kind, token] of tokens) it(`refuses ${kind}: ${token.slice(0, 16)}`, () => refused(`use ${token} for the deploy`, kind));
  it("a placeholder webhook or a lookalike name passes", () => {
    for (const line of ["https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "SG.short.key", "shpat_ is Shopify's prefix", "ya29.", "whsec_ is Stripe's prefix"]) passes(line);
  });
});

describe("hostile input stays linear", () => {
  // The test's timeout is the bound; no time is asserted.
  const big = 1 << 20;
  const inputs = [`password=${"a.".repeat(big / 2)}`, "password=a.".repeat(big / 11), `token: ${"Map[".repeat(big / 4)}`, `?token=${")".repeat(big)}a`, "?token=".repeat(big / 7), `://a:${"]".repeat(big)}@`, "://a:b@".repeat(big / 7), `secret=${"Ab1/".repeat(big / 4)}`, `secret="${"Ab1/;".repeat(50)}"`.repeat(big / 260), "hooks.slack.com/services/T000000/B000000/".repeat(big / 42), `Bearer ${"A".repeat(big)}`, "x === ".repeat(big / 6), "token = process.env.".repeat(big / 20), "password ==".repeat(big / 11), `password${"=".repeat(big)}`, "token = process.env.X ?? ".repeat(big / 25), "password: string = ".repeat(big / 19), 'get("password",'.repeat(big / 16), "env.token ".repeat(big / 10), "${TOKEN:-".repeat(big / 9), `\${PASSWORD:-${"a".repeat(big)}`, ":password ".repeat(big / 10), "error SECRET_X:".repeat(big / 15), "version token:".repeat(big / 14)];
  for (const input of inputs) it(`scans ${JSON.stringify(input.slice(0, 16))}… (${input.length} characters)`, () => expect(["string", "undefined"]).toContain(typeof valueKind(input)));
});
