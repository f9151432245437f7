// The page's first script (its own entry, loaded before the workbench's: see the renderer's
// build config): the first screen's calls leave as soon as the page has its connection.
import { askFirstScreen } from './first-calls';

askFirstScreen();
