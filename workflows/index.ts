/** Workflow entry point bundled by the worker. */
export { playbookWorkflow } from './playbook.ts';
export { tourWatcherWorkflow } from './watcher.ts';
