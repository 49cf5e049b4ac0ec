/**
 * The credential check against real text (not run by `npm test`): every Markdown file under the
 * given folders (default: node_modules, the README, CHANGELOG, PERFORMANCE and the specs) is cut
 * into message-sized pieces (a paragraph, or a fenced code block of at most 40 lines), and each
 * piece is read as a mailbox message body is (`secretLines`) and as an RW-003 string is
 * (`valueKind`). Then a set of realistic secrets, each in a line an agent might write, counts the
 * misses. Prints the figures, and with `--samples N` up to N lines a kind for reading by hand.
 *
 *   node --import tsx test/bench/credential-corpus.ts [--samples 5] [folder or file ...]
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { valueKind } from "../../core/_credentials.js";
import { secretLines } from "../../core/mailbox/message-secrets.js";

const DEFAULT_ROOTS = ["node_modules", "README.md", "CHANGELOG.md", "PERFORMANCE.md", "/work/shared/spec"];
const MAX_LINES = 40;

function markdownFiles(root: string, out: string[]): void {
  let stat;
  try {
    stat = statSync(root);
  } catch {
    return;
  }
  if (stat.isFile()) {
    if (/\.(?:md|markdown)$/i.test(root)) out.push(root);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(root).sort()) markdownFiles(join(root, name), out);
}

/** Paragraphs (split at blank lines) and fenced code blocks, each at most `MAX_LINES` lines. */
function pieces(text: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let fenced = false;
  const flush = (): void => {
    for (let i = 0; i < current.length; i += MAX_LINES) {
      const piece = current.slice(i, i + MAX_LINES).join("\n");
      if (piece.trim() !== "") out.push(piece);
    }
    current = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const fence = /^\s*(?:```|~~~)/.test(line);
    if (fence && !fenced) {
      flush();
      fenced = true;
      current.push(line);
    } else if (fence && fenced) {
      current.push(line);
      flush();
      fenced = false;
    } else if (!fenced && line.trim() === "") flush();
    else current.push(line);
  }
  flush();
  return out;
}

// A deterministic generator, so the true positives are the same each run.
let seed = 0x2f6b1d3;
const next = (): number => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x1_0000_0000;
};
const random = (alphabet: string, n: number): string => Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = UPPER + LOWER + DIGITS;
const B64URL = `${ALNUM}-_`;
const HEX = "0123456789abcdef";

/** Realistic secrets in the lines people write them in: each must be found. */
function truePositives(): [string, string][] {
  const b64url = (json: string): string => Buffer.from(json).toString("base64url");
  const jwt = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"1234567890","name":"Ada","iat":1716239022}')}.${random(B64URL, 43)}`;
  const aws = `AKIA${random(UPPER + DIGITS, 16)}`;
  const awsSecret = random(`${ALNUM}/+`, 40);
  const ghp = `ghp_${random(ALNUM, 36)}`;
  const fine = `github_pat_${random(ALNUM, 22)}_${random(ALNUM, 59)}`;
  const slack = `xoxb-${random(DIGITS, 12)}-${random(DIGITS, 13)}-${random(ALNUM, 24)}`;
  const stripe = `sk_live_${random(ALNUM, 24)}`;
  const bearer = random(`${ALNUM}-._~`, 40);
  const openai = `sk-proj-${random(B64URL, 48)}`;
  const anthropic = `sk-ant-api03-${random(B64URL, 93)}AA`;
  const google = `AIza${random(B64URL, 35)}`;
  const npm = `npm_${random(ALNUM, 36)}`;
  const glpat = `glpat-${random(B64URL, 20)}`;
  const hf = `hf_${random(ALNUM, 34)}`;
  const pem = `-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA${random(`${ALNUM}+/`, 48)}\n-----END RSA PRIVATE KEY-----`;
  return [
    ["AWS access key id", `aws_access_key_id = ${aws}`],
    ["AWS access key in prose", `the key ${aws} was rotated`],
    ["AWS secret access key", `aws_secret_access_key = ${awsSecret}`],
    ["AWS secret in env", `AWS_SECRET_ACCESS_KEY=${awsSecret}`],
    ["AWS documentation's secret key", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
    ["GitHub classic token", `git clone https://${ghp}@github.com/acme/app.git`],
    ["GitHub token alone", ghp],
    ["GitHub fine-grained token", fine],
    ["Slack bot token", `SLACK_BOT_TOKEN=${slack}`],
    ["Slack token in prose", `use ${slack} for the bot`],
    ["Slack webhook", `https://hooks.slack.com/services/T${random(UPPER + DIGITS, 8)}/B${random(UPPER + DIGITS, 10)}/${random(ALNUM, 24)}`],
    ["Stripe live key", `stripe.api_key = "${stripe}"`],
    ["Stripe key in prose", `charge with ${stripe} today`],
    ["JWT", jwt],
    ["JWT in a header", `Authorization: Bearer ${jwt}`],
    ["PEM block", pem],
    ["OpenSSH key", "-----BEGIN OPENSSH PRIVATE KEY-----"],
    ["EC key", "-----BEGIN EC PRIVATE KEY-----"],
    ["encrypted PKCS#8", "-----BEGIN ENCRYPTED PRIVATE KEY-----"],
    ["password in a URL", "https://admin:hunter2@db.example.com/prod"],
    ["password in a DSN", "postgresql://app:hunter2@10.0.0.5:5432/app"],
    ["password= in a URL", "https://db.example.com/login?user=admin&password=hunter2"],
    ["Authorization: Bearer", `Authorization: Bearer ${bearer}`],
    ["curl with a bearer", `curl -H "Authorization: Bearer ${bearer}" https://api.example.com/v1/me`],
    ["bearer alone", `Bearer ${bearer}`],
    ["OpenAI key", `OPENAI_API_KEY=${openai}`],
    ["OpenAI key in prose", `try ${openai} against the API`],
    ["Anthropic key", `x-api-key: ${anthropic}`],
    ["Google API key", `https://maps.googleapis.com/maps/api/js?key=${google}`],
    ["Google key in prose", `the key is ${google}`],
    ["npm token", `//registry.npmjs.org/:_authToken=${npm}`],
    ["GitLab token", `GITLAB_TOKEN=${glpat}`],
    ["Hugging Face token", `huggingface-cli login --token ${hf}`],
    ["password in env", "DB_PASSWORD=hunter2"],
    ["password in JSON", '{"user": "admin", "password": "hunter2"}'],
    ["password in YAML", "  password: hunter2"],
    ["client secret", `client_secret: ${random(ALNUM, 32)}`],
    ["api key header", `X-API-Key: ${random(HEX, 32)}`],
    ["Basic credentials", `Authorization: Basic ${Buffer.from("admin:hunter2").toString("base64")}`],
    ["Cookie header", `Cookie: session=${random(HEX, 32)}`],
    ["Twilio auth token", `TWILIO_AUTH_TOKEN=${random(HEX, 32)}`],
    ["SendGrid key", `SG.${random(B64URL, 22)}.${random(B64URL, 43)}`],
    ["DigitalOcean token", `dop_v1_${random(HEX, 64)}`],
    ["Shopify token", `shpat_${random(HEX, 32)}`],
    ["PyPI token", `password = pypi-AgEIcHlwaS5vcmc${random(B64URL, 60)}`],
    ["PyPI token alone", `pypi-AgEIcHlwaS5vcmc${random(B64URL, 60)}`],
    ["Azure storage key", `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${random(`${ALNUM}+/`, 86)}==;EndpointSuffix=core.windows.net`],
    ["Google OAuth access token", `ya29.${random(B64URL, 80)}`],
    ["Google OAuth client secret", `GOCSPX-${random(B64URL, 28)}`],
    ["Docker Hub token", `dckr_pat_${random(B64URL, 27)}`],
    ["Stripe webhook secret", `whsec_${random(ALNUM, 32)}`],
    ["Discord webhook", `https://discord.com/api/webhooks/${random(DIGITS, 18)}/${random(B64URL, 68)}`],
    ["password in a Ruby hash, symbol key", `  :password => "${random(ALNUM, 12)}",`],
    ["password in a Ruby 1.9 hash", `{ user: "admin", password: "${random(ALNUM, 12)}" }`],
    ["password as a Python lookup's default", `db = connect(password=os.environ.get("PASSWORD", "${random(ALNUM, 12)}"))`],
    ["token as a Ruby lookup's default", `ENV.fetch("API_TOKEN", "${random(ALNUM, 24)}")`],
    ["token as a Node lookup's fallback", `connect(process.env.API_TOKEN || "${random(ALNUM, 24)}")`],
    ["password as a shell default", `psql "postgresql://app:\${DB_PASSWORD:-${random(ALNUM, 12)}}@db/app"`],
  ];
}

/** What stands in for a credential in documentation and code (a placeholder, a variable, an expression): none may be refused. */
function standIns(): string[] {
  return [
    "api_key=YOUR_API_KEY",
    "API_KEY=your-api-key-here",
    'token: "YOUR_TOKEN"',
    "Authorization: Bearer YOUR_ACCESS_TOKEN",
    "Authorization: Bearer <token>",
    'curl -H "Authorization: token $GITHUB_TOKEN" https://api.github.com/user',
    "token: process.env.GITHUB_TOKEN",
    "const token = process.env.NPM_TOKEN;",
    'api_key = os.getenv("API_KEY")',
    'token = os.environ["TOKEN"]',
    "password: string;",
    "const secret = crypto.randomBytes(32)",
    "password = hashPassword(password)",
    "if (token === undefined) return",
    "console.log(aliceSecret === bobSecret);",
    "password: password,",
    "https://api.example.com/?api_key=YOUR_API_KEY",
    "https://api.example.com/?access_token=<token>",
    "https://api.example.com/?token=${TOKEN}",
    "https://api.example.com/?access_token={token}",
    "postgres://user:password@localhost/db",
    "mongodb://<username>:<password>@host/db",
    "https://user:${PASSWORD}@host",
    "https://user:$PASSWORD@host",
    "token: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`",
    "'authorization': 'Bearer token'",
    "// token: 'Bearer xxxx'",
    "TOKEN=$(gh auth token)",
    'const cookie = require("cookie");',
    "password: v.pipe(v.string(), v.minLength(8)),",
    'api_key: "sk-..."',
    "password: &str,",
    'password = os.environ.get("PASSWORD")',
    'token = ENV.fetch("TOKEN", nil)',
    "export DB_PASSWORD=${DB_PASSWORD:-}",
    "error SECRET_VALUE: supported_adapters.0.x_headers.0 holds what looks like a bearer token",
    "the tab was read as part of the version token: `VERSION`, and",
  ];
}

function main(argv: readonly string[]): void {
  let samples = 0;
  const roots: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--samples") samples = Number(argv[++i]);
    else roots.push(argv[i] as string);
  }
  const files: string[] = [];
  for (const root of roots.length === 0 ? DEFAULT_ROOTS : roots) markdownFiles(root, files);
  let pieceCount = 0;
  let bytes = 0;
  let mailboxHits = 0;
  let recordHits = 0;
  const byKind = new Map<string, string[]>();
  for (const file of files) {
    for (const piece of pieces(readFileSync(file, "utf8"))) {
      pieceCount++;
      bytes += piece.length;
      const found = secretLines(piece);
      if (found.length > 0) mailboxHits++;
      if (valueKind(piece) !== undefined) recordHits++;
      const lines = piece.split("\n");
      for (const { line, kind } of found) {
        const seen = byKind.get(kind) ?? [];
        seen.push(`${file}: ${(lines[line - 1] ?? "").trim().slice(0, 160)}`);
        byKind.set(kind, seen);
      }
    }
  }
  console.log(`${files.length} files, ${pieceCount} pieces (${Math.round(bytes / Math.max(pieceCount, 1))} characters on average)`);
  console.log(`mailbox (secretLines): ${mailboxHits} pieces refused, ${[...byKind.values()].reduce((n, l) => n + l.length, 0)} lines`);
  console.log(`RW-003 string (valueKind of the whole piece): ${recordHits} pieces refused`);
  for (const [kind, lines] of [...byKind].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${String(lines.length).padStart(5)}  ${kind}`);
    for (const line of lines.slice(0, samples)) console.log(`           ${line}`);
  }
  const positives = truePositives();
  const missed = positives.filter(([, text]) => secretLines(text).length === 0);
  console.log(`true positives: ${positives.length}, missed ${missed.length}${missed.length === 0 ? "" : `: ${missed.map(([name]) => name).join(", ")}`}`);
  const stands = standIns();
  const refused = stands.filter((text) => secretLines(text).length > 0);
  console.log(`stand-ins: ${stands.length}, refused ${refused.length}${refused.length === 0 ? "" : ":"}`);
  for (const text of refused) console.log(`  ${text}`);
}

main(process.argv.slice(2));
