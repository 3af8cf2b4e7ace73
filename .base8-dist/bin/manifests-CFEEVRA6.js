import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  AgentFrontmatter,
  CommandFrontmatter,
  HooksFile,
  MarketplaceManifest,
  McpFile,
  PluginManifest,
  SkillFrontmatter
} from "./chunk-KXLPBD2T.js";
import {
  CLAUDE_CODE_SKILL_KEYS,
  HOOK_EVENTS,
  KEBAB_NAME,
  PLUGIN_MANIFEST_KEYS,
  SPEC_SKILL_KEYS
} from "./chunk-ZJ3JHV56.js";
import "./chunk-KJFERDYH.js";
export {
  AgentFrontmatter,
  CLAUDE_CODE_SKILL_KEYS,
  CommandFrontmatter,
  HOOK_EVENTS,
  HooksFile,
  KEBAB_NAME,
  MarketplaceManifest,
  McpFile,
  PLUGIN_MANIFEST_KEYS,
  PluginManifest,
  SPEC_SKILL_KEYS,
  SkillFrontmatter
};
//# sourceMappingURL=manifests-CFEEVRA6.js.map
