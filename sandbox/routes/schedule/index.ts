/** Schedule items, templates and tags. */
export { registerScheduleItemRoutes, visibleItem } from './items.ts';
export { registerTagRoutes } from './tags.ts';
export { registerTemplateRoutes } from './templates.ts';
