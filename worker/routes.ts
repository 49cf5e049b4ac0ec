/**
 * Every route of the HTTP API: method, path pattern, OpenAPI operationId and handler. The
 * OpenAPI document (worker/openapi.ts) describes exactly these; a test holds the two equal. The
 * thread routes reach one Durable Object per thread (worker/endpoints/threads.ts).
 */
import { agentTokenRoute } from "./endpoints/agent-tokens.js";
import { checkDnRoute, checkHoRoute, checkRbRoute, makeRbRoute } from "./endpoints/checks.js";
import { delegationCheckAttemptsRoute, delegationCheckCardRevisionRoute, delegationCheckChildRoute, delegationCheckFencesRoute, delegationCheckReassignmentRoute, delegationEvaluateRoute, delegationValidateRoute } from "./endpoints/delegation.js";
import { healthRoute, legendGetRoute, legendPostRoute, openApiRoute, problemRoute, problemsRoute, profileRoute, profilesRoute } from "./endpoints/info.js";
import { digestRoute, formatRoute, parseRoute, validateRoute } from "./endpoints/lines.js";
import { mailboxPreflightRoute } from "./endpoints/mailbox.js";
import { checkThreadRoute } from "./endpoints/thread.js";
import { abandonRoute, appendRoute, challengeRoute, commitRoute, handoffRoute, prepareRoute, threadLinesRoute, threadListRoute, threadStateRoute } from "./endpoints/threads.js";
import type { Env } from "./env.js";
import type { Route } from "./router.js";

export const ROUTES: readonly Route<Env>[] = [
  { method: "POST", pattern: "/v1/parse", operation: "parse", handler: parseRoute },
  { method: "POST", pattern: "/v1/format", operation: "format", handler: formatRoute },
  { method: "POST", pattern: "/v1/validate", operation: "validate", handler: validateRoute },
  { method: "POST", pattern: "/v1/digest", operation: "digest", handler: digestRoute },
  { method: "GET", pattern: "/v1/legend", operation: "legend", handler: legendGetRoute },
  { method: "POST", pattern: "/v1/legend", operation: "legendInline", handler: legendPostRoute },
  { method: "GET", pattern: "/v1/profiles", operation: "listProfiles", handler: profilesRoute },
  { method: "GET", pattern: "/v1/profiles/{name}", operation: "getProfile", handler: profileRoute },
  { method: "POST", pattern: "/v1/make-rb", operation: "makeRb", handler: makeRbRoute },
  { method: "POST", pattern: "/v1/check-rb", operation: "checkRb", handler: checkRbRoute },
  { method: "POST", pattern: "/v1/check-ho", operation: "checkHo", handler: checkHoRoute },
  { method: "POST", pattern: "/v1/check-dn", operation: "checkDn", handler: checkDnRoute },
  { method: "POST", pattern: "/v1/check-thread", operation: "checkThread", handler: checkThreadRoute },
  { method: "POST", pattern: "/v1/delegation/validate", operation: "delegationValidate", handler: delegationValidateRoute },
  { method: "POST", pattern: "/v1/delegation/check-child", operation: "delegationCheckChild", handler: delegationCheckChildRoute },
  { method: "POST", pattern: "/v1/delegation/check-reassignment", operation: "delegationCheckReassignment", handler: delegationCheckReassignmentRoute },
  { method: "POST", pattern: "/v1/delegation/check-attempts", operation: "delegationCheckAttempts", handler: delegationCheckAttemptsRoute },
  { method: "POST", pattern: "/v1/delegation/check-card-revision", operation: "delegationCheckCardRevision", handler: delegationCheckCardRevisionRoute },
  { method: "POST", pattern: "/v1/delegation/check-fences", operation: "delegationCheckFences", handler: delegationCheckFencesRoute },
  { method: "POST", pattern: "/v1/delegation/evaluate", operation: "delegationEvaluate", handler: delegationEvaluateRoute },
  { method: "POST", pattern: "/v1/mailbox/preflight", operation: "mailboxPreflight", handler: mailboxPreflightRoute },
  { method: "GET", pattern: "/v1/openapi.json", operation: "openapi", handler: openApiRoute },
  { method: "GET", pattern: "/v1/problems", operation: "listProblems", handler: problemsRoute },
  { method: "GET", pattern: "/v1/problems/{kind}", operation: "getProblem", handler: problemRoute },
  { method: "GET", pattern: "/v1/health", operation: "health", handler: healthRoute },
  { method: "GET", pattern: "/v1/threads/{thread}", operation: "getThread", handler: threadStateRoute },
  { method: "POST", pattern: "/v1/threads/{thread}/lines", operation: "appendLines", handler: appendRoute },
  { method: "GET", pattern: "/v1/threads/{thread}/lines", operation: "listLines", handler: threadLinesRoute },
  { method: "GET", pattern: "/v1/threads/{thread}/findings", operation: "listThreadFindings", handler: threadListRoute("findings") },
  { method: "GET", pattern: "/v1/threads/{thread}/owners", operation: "listThreadOwners", handler: threadListRoute("owners") },
  { method: "GET", pattern: "/v1/threads/{thread}/open", operation: "listOpenHandoffs", handler: threadListRoute("open") },
  { method: "GET", pattern: "/v1/threads/{thread}/readbacks", operation: "listReadbacks", handler: threadListRoute("readbacks") },
  { method: "GET", pattern: "/v1/threads/{thread}/dones", operation: "listDones", handler: threadListRoute("dones") },
  { method: "GET", pattern: "/v1/threads/{thread}/orphaned", operation: "listOrphaned", handler: threadListRoute("orphaned") },
  { method: "GET", pattern: "/v1/threads/{thread}/handoffs/{handoff}", operation: "getHandoff", handler: handoffRoute },
  { method: "POST", pattern: "/v1/threads/{thread}/handoffs/{handoff}/challenge", operation: "registerChallenge", handler: challengeRoute },
  { method: "POST", pattern: "/v1/threads/{thread}/statements", operation: "prepareStatement", handler: prepareRoute },
  { method: "POST", pattern: "/v1/threads/{thread}/statements/{token}/commit", operation: "commitStatement", handler: commitRoute },
  { method: "POST", pattern: "/v1/threads/{thread}/statements/{token}/abandon", operation: "abandonStatement", handler: abandonRoute },
  { method: "POST", pattern: "/v1/agent-tokens", operation: "issueAgentToken", handler: agentTokenRoute },
];
