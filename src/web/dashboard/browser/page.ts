/**
 * The dashboard's script (bundled by scripts/bundle-browser.mjs into ../page-script.ts and inlined in the page, whose
 * Content-Security-Policy allows exactly that text by its hash). It reads the embedded data and builds everything
 * with createElement and textContent: every string that came from a skill (names, evidence, tips, diagnostics) is
 * untrusted and is never parsed as HTML. test/dashboard/browser.test.ts exercises it.
 */
import type { DashboardData } from '../model.js';
import { embeddedData } from '../../viewer/browser/dom.js';
import { wireDetailDialog } from './detail.js';
import { renderBadges, renderSummary } from './summary.js';
import { skillsTable } from './table.js';

const data = embeddedData<DashboardData>('dashboard-data');
const table = skillsTable(data);
renderSummary(data);
renderBadges(data);
table.wireControls();
table.render();
wireDetailDialog();
