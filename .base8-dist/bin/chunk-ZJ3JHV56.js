import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);

// src/model/names.ts
var KEBAB_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
var SPEC_SKILL_KEYS = /* @__PURE__ */ new Set(["name", "description", "license", "allowed-tools", "metadata", "compatibility"]);
var CLAUDE_CODE_SKILL_KEYS = /* @__PURE__ */ new Set([
  "version",
  "disable-model-invocation",
  "user-invocable",
  "argument-hint",
  "model",
  "context",
  "agent",
  "hooks",
  "paths",
  "when_to_use",
  "effort",
  "shell"
]);
var HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Notification",
  "UserPromptSubmit",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "SessionStart",
  "SessionEnd",
  "PermissionRequest"
];
var PLUGIN_MANIFEST_KEYS = /* @__PURE__ */ new Set(["name", "version", "description", "author", "homepage", "repository", "license", "keywords", "commands", "agents", "skills", "hooks", "mcpServers", "outputStyles", "lspServers"]);

export {
  KEBAB_NAME,
  SPEC_SKILL_KEYS,
  CLAUDE_CODE_SKILL_KEYS,
  HOOK_EVENTS,
  PLUGIN_MANIFEST_KEYS
};
//# sourceMappingURL=chunk-ZJ3JHV56.js.map
