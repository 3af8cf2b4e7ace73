/** The marketplace dashboard: `renderDashboard(run, options)` -> one self-contained HTML page. */
export { renderDashboard, dashboardContentSecurityPolicy } from './page.js';
export { shapeDashboard, dimensionCell, trendPoints, trendText, NOT_MEASURED, type DashboardOptions } from './shape.js';
export { DashboardData, SkillRow, DimensionCell, TrendPoint } from './model.js';
export {
  contrastRatio,
  graphicPairs,
  relativeLuminance,
  textPairs,
  HEAT_BINS,
  COLOURS,
  BADGE_COLOURS,
} from './palette.js';
