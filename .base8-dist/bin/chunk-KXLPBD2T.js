import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  KEBAB_NAME
} from "./chunk-ZJ3JHV56.js";

// src/model/manifests.ts
import { z } from "zod";
var Person = z.looseObject({ name: z.string().min(1), email: z.string().optional(), url: z.string().optional() });
var PathOrPaths = z.union([z.string(), z.array(z.string())]);
var PluginManifest = z.looseObject({
  name: z.string().min(1).regex(KEBAB_NAME, "must be kebab-case (lowercase letters, digits, hyphens)"),
  version: z.string().optional(),
  description: z.string().optional(),
  author: Person.optional(),
  homepage: z.string().optional(),
  repository: z.string().optional(),
  license: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  commands: PathOrPaths.optional(),
  agents: PathOrPaths.optional(),
  skills: PathOrPaths.optional(),
  hooks: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  mcpServers: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  outputStyles: PathOrPaths.optional(),
  lspServers: z.union([z.string(), z.record(z.string(), z.unknown())]).optional()
}).meta({ id: "PluginManifest", title: ".claude-plugin/plugin.json" });
var PluginSource = z.union([
  z.string().min(1),
  z.looseObject({ source: z.string().min(1) })
]);
var MarketplaceManifest = z.looseObject({
  name: z.string().min(1),
  owner: Person,
  metadata: z.looseObject({ description: z.string().optional(), version: z.string().optional(), pluginRoot: z.string().optional() }).optional(),
  plugins: z.array(
    z.looseObject({
      name: z.string().min(1),
      source: PluginSource,
      description: z.string().optional(),
      version: z.string().optional(),
      strict: z.boolean().optional()
    })
  )
}).meta({ id: "MarketplaceManifest", title: ".claude-plugin/marketplace.json" });
var HookCommand = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("command"), command: z.string().min(1), timeout: z.number().positive().optional() }),
  z.looseObject({ type: z.literal("prompt"), prompt: z.string().min(1), timeout: z.number().positive().optional() }),
  z.looseObject({ type: z.literal("agent"), prompt: z.string().min(1), timeout: z.number().positive().optional() })
]);
var HooksFile = z.looseObject({
  description: z.string().optional(),
  hooks: z.record(z.string(), z.array(z.looseObject({ matcher: z.string().optional(), hooks: z.array(HookCommand).min(1) })))
}).meta({ id: "HooksFile", title: "hooks/hooks.json" });
var McpFile = z.looseObject({ mcpServers: z.record(z.string(), z.looseObject({})) }).meta({ id: "McpFile", title: ".mcp.json" });
var AgentFrontmatter = z.looseObject({
  name: z.string().min(1).regex(KEBAB_NAME, "must be kebab-case"),
  description: z.string().min(1),
  tools: z.union([z.string(), z.array(z.string())]).optional(),
  model: z.string().optional(),
  color: z.string().optional()
}).meta({ id: "AgentFrontmatter", title: "agents/*.md frontmatter" });
var CommandFrontmatter = z.looseObject({
  description: z.string().optional(),
  "argument-hint": z.string().optional(),
  "allowed-tools": z.union([z.string(), z.array(z.string())]).optional(),
  model: z.string().optional()
}).meta({ id: "CommandFrontmatter", title: "commands/*.md frontmatter" });
var SkillFrontmatter = z.looseObject({
  name: z.string().min(1).max(64).regex(KEBAB_NAME, "must be lowercase letters, digits and single hyphens"),
  description: z.string().trim().min(1, "must not be empty").max(1024, "must be at most 1024 characters"),
  license: z.string().optional(),
  "allowed-tools": z.union([z.string(), z.array(z.string())]).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  compatibility: z.string().min(1).max(500).optional()
}).meta({ id: "SkillFrontmatter", title: "SKILL.md frontmatter" });

export {
  PluginManifest,
  MarketplaceManifest,
  HooksFile,
  McpFile,
  AgentFrontmatter,
  CommandFrontmatter,
  SkillFrontmatter
};
//# sourceMappingURL=chunk-KXLPBD2T.js.map
