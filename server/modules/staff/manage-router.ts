// The procedures live in manage/router.ts (only router.ts files may build procedures, see
// eslint.config.js), like account/team/router.ts beside account/team.ts.
export { manageRouter } from "./manage/router";
