// Section 9 and 4.3: credential-like field names and values are refused anywhere in a document,
// references to secrets are not; and the scan stays linear on hostile input.
import { describe, expect, it } from "vitest";
import { credentialName } from "../../../core/_credentials.js";
import { secretFindings } from "../../../core/delegation/_secrets.js";
import { KNOWN_FIELDS } from "../../../core/delegation/validate-record.js";

describe("credential-like field names", () => {
  const refused = ["password", "db_password", "passphrase", "client_secret", "secret", "apiKey", "api_key", "apikey", "private_key", "privateKey", "access_token", "refreshToken", "token", "github_token", "bearer", "authorization", "cookie", "set_cookies", "credentials", "jwt", "signing_key", "session_key"];
  const allowed = ["secret_ref", "api_key_ref", "credential_refs", "token_ref", "key_id", "authentication_methods", "max_tokens", "max_context_tokens", "idempotency_key", "public_key", "verification_method_ref", "signer_ref", "signature", "private_diagnostics", "passage", "tokens_used", "keyword", "monkey", "secretary_name"];
  for (const key of refused) it(`refuses ${key}`, () => expect(credentialName(key)).not.toBeNull());
  for (const key of allowed) it(`allows ${key}`, () => expect(credentialName(key)).toBeNull());
});

describe("the schemas' own field names", () => {
  // The scan skips them by name (values are always scanned): none may be credential-like.
  it("are collected from every schema, payloads included, and none is credential-like", () => {
    for (const name of ["agent_actor_ref", "max_tokens", "idempotency_key", "key_id", "signature", "payload", "permission_decision_ref"]) expect(KNOWN_FIELDS.has(name), name).toBe(true);
    expect(KNOWN_FIELDS.size).toBeGreaterThan(200);
    expect([...KNOWN_FIELDS].filter((name) => credentialName(name) !== null)).toStrictEqual([]);
  });
});

describe("credential-like values", () => {
  const refused: [string, string][] = [
    ["a bearer token", "Bearer 9f8e7d6c5b4a39281706"],
    ["an Authorization header", "authorization: Basic dXNlcjpwYXNz"],
    ["an Authorization header", "curl -H 'Authorization: Bearer abcdefgh' https://api.example"],
    ["an Authorization header", "Authorization: token ghx9"],
    ["an Authorization header", "Authorization: Bearer $TOKEN, then Authorization: Basic dXNlcjpwYXNz"],
    ["Basic credentials", "Basic dXNlcjpodW50ZXIy"],
    ["Basic credentials", "use basic YWRtaW46czNjcmV0IQ== here"],
    ["a cookie", "Set-Cookie: sid=31d4d96e407aad42; Path=/"],
    ["a private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEow"],
    ["a private key", "-----BEGIN PGP PRIVATE KEY BLOCK-----"],
    ["a JSON Web Token", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc"],
    ["an AWS access key", "AKIAIOSFODNN7EXAMPLE"],
    ["a GitHub token", "ghp_0123456789abcdefghijklmnopqrstuvwxyz"],
    ["a Slack token", "xoxb-1234567890-abcdefghij"],
    ["an API secret key", "sk-ant-abcdefghijklmnopqrstuvwxyz012345"],
    ["an API secret key", "sk_live_abcdefghijklmnopqrstuv"],
    ["a URL with a password", "postgres://admin:hunter22@db.example/rw"],
    ["a URL carrying a credential", "https://api.example/v1?api_key=abc123"],
    ["a URL with a password", "redis://:s3cr3tpassword@cache.internal:6379/0"],
    ["a URL carrying a credential", "https://b.s3.amazonaws.com/o?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F20261001&X-Amz-Signature=0123456789abcdef"],
    ["a URL carrying a credential", "https://b.s3.amazonaws.com/o?AWSAccessKeyId=AKIDEXAMPLE&Expires=1893456000&Signature=abc%2Bdef%3D"],
    ["a URL carrying a credential", "https://app.example/cb#access_token=ya29.abcdef123456&token_type=Bearer"],
    ["a URL carrying a credential", "https://example.com/x?ACCESS_TOKEN=abc123"],
    ["a URL carrying a credential", "https://api.example/v1?apiKey=abc123"],
    ["a URL carrying a credential", "https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=0a1b2c"],
    ["a URL carrying a credential", "https://acct.blob.core.windows.net/c/b?sv=2022-11-02&sig=abc%3D"],
    ["a URL carrying a credential", "https://api.example/v1?KEY=abc123"],
    ["an npm token", "npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"],
    ["an npm token", "//registry.npmjs.org/:_authToken=npm_0123456789abcdefghijklmnopqrstuvwxyz"],
    ["a GitLab token", "glpat-xYz12_AbC-34dEf56gHi7"],
    ["a GitLab token", "GITLAB_TOKEN=glpat-abcdefghijklmnopqrst"],
    ["a GitLab token", "deploy with gldt-AbCdEfGh1234567890_-xY"],
    ["a GitLab token", "RUNNER_TOKEN=glrt-t1_AbCdEfGhIjKlMnOpQrS"],
    ["a GitLab token", "trigger glptt-0123456789abcdef0123456789abcdef01234567"],
    ["a GitLab token", "glcbt-64_xYz12AbC34dEf56gHi78"],
    ["a GitLab token", "--registration-token GR1348941_iAgdMy7a3NhZaa5oNoH"],
    ["a Hugging Face token", "hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567"],
    ["a Hugging Face token", "HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyz0123"],
    ["a Hugging Face token", "api_org_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh"],
    ["a bearer token", "Bearer abc123"],
    ["a bearer token", "bearer 4f2a"],
    ["a bearer token", "  Bearer x1  "],
    ["a bearer token", "Bearer a1b2c3="],
    ["a bearer token", "BEARER t0k"],
    ["a bearer token", 'headers {"Authorization": "Bearer ab12"}'],
    ["a bearer token", "send 'Bearer z-9' with the request"],
    ["a bearer token", "then send Bearer abcd1234 upstream"],
    ["a bearer token", "bearer a_b-c~d/e+f"],
  ];
  for (const [kind, value] of refused) {
    it(`refuses ${kind}: ${value.slice(0, 24)}`, () => {
      const found = secretFindings({ note: value });
      expect(found.map((f) => [f.code, f.path])).toStrictEqual([["SECRET_VALUE", "note"]]);
      expect(found[0]?.message).toContain(kind);
    });
  }
  const allowed = ["Basic research methods", "Basic authentication (RFC 7617) is refused", "basic dXNlcg== has no password", "https://agents.example/extractor/mcp", "vault://op-lab/extractor-mcp", "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "bearer of good news", "Tokenization of sources", "task-sk-review", "akiaiosfodnn7example", "https://keys.example/op-lab-2026.jwk", "OP-LAB", "D-EXTRACT-1@r1", "https://search.example/?keyword=token", "https://api.example/v1?sort_key=name&token_type=Bearer", "https://api.example/v1?pageToken=CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA", "https://s3.example/o?SignatureVersion=4&monkey=1", "https://docs.example/page#section=tokens", "https://example.com/?q=password", "The bearer of this card may read SRC-1@r1", "Bearer authentication is refused (section 4.3)", "the bearer instrument", "bearer credentials are forbidden", "Bearer well-known tokens", "Bearer abcdefghijklmno", "Bearer tokens.", "Bearer tokens are refused (section 4.3)", "bearer", "Bearer", "oauth2 bearer", "\"Bearer auth\"", "Bearer abcdef", "Bearer v2 of the interface", "the bearer 2 times", "hf_model_name", "hf_hub_download", "HF_HOME", "hf_", "npm_package_name", "npm_config_registry", "npm_", "glpat-short", "glpat-", "gldt-short", "glrt-", "api_org_name", "api_org_", "GR1348941", "uses hf_transfer for uploads", "curl -H 'Authorization: Bearer $TOKEN' https://api.example", "Authorization: Basic <redacted>", "Authorization: Bearer ${API_TOKEN}", "Authorization: Bearer ***", "\"Authorization: Bearer {{ token }}\"", "Authorization: Bearer <your token>"];
  for (const value of allowed) it(`allows ${value}`, () => expect(secretFindings({ note: value })).toStrictEqual([]));
  it("refuses a private JWK and names its path", () => {
    expect(secretFindings({ signer: { jwk: { kty: "EC", crv: "P-256", x: "f83O", y: "x_FE", d: "jpsQ" } } }).map((f) => f.path)).toStrictEqual(["signer.jwk"]);
  });
  it("allows a public JWK", () => {
    expect(secretFindings({ jwk: { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" } })).toStrictEqual([]);
  });
  it("refuses a credential used as a field name, and keeps it out of every path", () => {
    const token = "ghp_1234567890abcdefghijklmnopqrstuvwxyzAB";
    const found = secretFindings({ x_tokens: { [token]: "ci" }, x_more: { [`Bearer ${"a".repeat(20)}`]: { note: "Bearer abcdefghijklmnop" } } });
    expect(found.map((f) => [f.code, f.path])).toStrictEqual([
      ["SECRET_FIELD", "x_tokens.<redacted>"],
      ["SECRET_FIELD", "x_more.<redacted>"],
      ["SECRET_VALUE", "x_more.<redacted>.note"],
    ]);
    expect(found[0]?.message).toContain("a GitHub token");
    for (const f of found) expect(JSON.stringify(f)).not.toContain(token);
  });
  it("allows ordinary field names that only resemble a pattern", () => {
    expect(secretFindings({ x_map: { "https://agents.example/mcp": "ok", "Basic research": 1, "sk-short": 2, "?keyword=x": 3 } })).toStrictEqual([]);
  });
  it("looks inside arrays and unknown fields", () => {
    expect(secretFindings({ x_extra: [{ deep: ["ok", "Bearer abcdefghijklmnop"] }] }).map((f) => f.path)).toStrictEqual(["x_extra.0.deep.1"]);
  });
});

describe("credential-named references (section 9: only secret references)", () => {
  it("a reference field holding a bare value is the credential itself, refused", () => {
    for (const doc of [{ passwordRef: "hunter2" }, { x_db: { password_ref: "hunter2" } }, { api_key_ref: "abc123def" }, { credential_refs: ["vault://op-lab/a", "hunter2"] }]) {
      expect(secretFindings(doc).map((f) => f.code), JSON.stringify(doc)).toStrictEqual(["SECRET_VALUE"]);
    }
  });
  it("a URI or path into the secret manager, or a structured reference, is a reference", () => {
    for (const doc of [{ passwordRef: "vault://op-lab/db" }, { secret_ref: "projects/lab/secrets/db/versions/3" }, { api_key_ref: "arn:aws:secretsmanager:eu-west-1:1:secret:x" }, { token_ref: { object_id: "SECRET-1", revision_id: "r1" } }, { signer_ref: "OP-LAB" }]) {
      expect(secretFindings(doc), JSON.stringify(doc)).toStrictEqual([]);
    }
  });
});

describe("a credential written as text (section 4.3: credential material is forbidden)", () => {
  // A credential-named key (the field-name rule's words) then `=` or `:` and a value that is no
  // reference and no redaction: the credential itself, written into a sentence or a config line.
  const refused = ["connect with password=hunter2", "pwd=hunter2", "passwd: letmein", 'password: "s3cret"', "secret=abc123", "token: ghp_abc", "DB_PASSWORD=x", 'log: {"password": "hunter2", "user": "admin"}', "{'db_password': 'x9'}", "user: admin, password: hunter2, host: db", "api_key: abc123", "dbPassword = correct-horse", "passphrase='open sesame'", "password_ref=hunter2", "export GITHUB_TOKEN=abc", "passwd: letmein\nthen restart"];
  for (const value of refused) {
    it(`refuses ${JSON.stringify(value)}`, () => {
      const found = secretFindings({ note: value });
      expect(found.map((f) => [f.code, f.path])).toStrictEqual([["SECRET_VALUE", "note"]]);
      expect(found[0]?.message).toContain("a credential written as text");
    });
  }
  // Prose, references, redactions and placeholders, and names that are not credential-like.
  const allowed = ["the password policy requires rotation", "password reset route", "no secrets here", "password: must be rotated every 90 days", "Password: required.", "secrets: none", "password: ***", "password=<redacted>", "password=[REDACTED]", "password: REDACTED", "password: ${DB_PASS}", "password=$DB_PASS", "password={{ secrets.db }}", "password=%DB_PASS%", "secret: vault://op-lab/db", "password_ref=vault://op-lab/db", "secret_ref: projects/lab/secrets/db", "password: \"\"", "password:", "max_tokens=5", "Tokens: 500", "token_type: bearer", "key: value", "monkey: 5", "secret_name=db-pass", "secretary: Jane", "private: true", "Password reset: enabled", "https://api.example/v1?pageToken=abc", "the key: a stable id", "secret: sauce is tomatoes", "key_id=lead-2026"];
  for (const value of allowed) it(`allows ${JSON.stringify(value)}`, () => expect(secretFindings({ note: value })).toStrictEqual([]));
});

describe("a credential after `:` with more words after it (section 4.3)", () => {
  // A bare value after `:` followed by more text counts when no word of prose is shaped like it:
  // six characters or more, starting with a letter, with a digit or a symbol in it.
  const refused = ["Password: hunter2 (rotate monthly)", "password: s3cret is the one", "Token: abc123def for the CI", "passwd: P@ssw0rd! (temporary)", "api_key: abc123 then restart", "secret: Tr0ub4dor&3 see below"];
  for (const value of refused) {
    it(`refuses ${JSON.stringify(value)}`, () => {
      const found = secretFindings({ note: value });
      expect(found.map((f) => [f.code, f.path])).toStrictEqual([["SECRET_VALUE", "note"]]);
      expect(found[0]?.message).toContain("a credential written as text");
    });
  }
  // Words of prose, quantities, and the names of algorithms, protocols and encodings.
  const allowed = ["Password: see the vault entry", "password: <redacted> (rotate monthly)", "password: 12 characters minimum", "token: 90-day expiry", "password: sha256 hashed before storage", "signing key: ed25519 keys only", "token: OAuth2-issued by the lab", "password: base64-encoded only", "password: bcrypt-hashed (cost 12)", "password: at least 12 characters, rotated yearly"];
  for (const value of allowed) it(`allows ${JSON.stringify(value)}`, () => expect(secretFindings({ note: value })).toStrictEqual([]));
});

describe("hostile input", () => {
  // Linear-time patterns: each of these is about a megabyte and would take minutes with a
  // backtracking pattern; the test's timeout is the bound, no time is asserted.
  const big = 1 << 20;
  const inputs = [`Basic ${"QUFB".repeat(big / 4)}`, "Basic ".repeat(big / 6), "a".repeat(big), "a://".repeat(big / 4), "x:".repeat(big / 2), "Bearer ".repeat(big / 7), "eyJ".repeat(big / 3), "?key".repeat(big / 4), "-----BEGIN ".repeat(big / 11), `${"a".repeat(big)}@`, "?a=".repeat(big / 3), `?${"Key".repeat(big / 3)}=x`, "://:".repeat(big / 4), `"${" ".repeat(big)}`, `"Bearer ${" ".repeat(big)}`, `Bearer ab1${" ".repeat(big)}x`, '"Bearer '.repeat(big / 8), "'Bearer 1".repeat(big / 9), "npm_".repeat(big / 4), `npm_${"a".repeat(big)}`, "hf_".repeat(big / 3), "glpat-".repeat(big / 6), `Bearer ${"a.".repeat(big / 2)}`, `Bearer ${"a".repeat(15)} `.repeat(big / 23), "password:".repeat(big / 9), `password="${"a".repeat(big)}`, "password=\"".repeat(big / 10), `${"Key".repeat(big / 3)}:x`, `x_${"a".repeat(big)}_token: v`, "token :".repeat(big / 7)];
  for (const input of inputs) it(`scans ${JSON.stringify(input.slice(0, 12))}… (${input.length} characters)`, () => expect(Array.isArray(secretFindings({ v: input }))).toBe(true));
  it("a document nested past 64 levels is refused, not scanned in part (and the stack holds)", () => {
    let doc: unknown = "Bearer abcdefghijklmnop";
    for (let i = 0; i < 100_000; i++) doc = [doc];
    const found = secretFindings(doc);
    expect(found.map((f) => f.code)).toStrictEqual(["DELEGATION_SCHEMA"]);
    expect(found[0]?.path).toBe(Array(65).fill("0").join("."));
  });
});
