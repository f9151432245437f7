// The page's first script (its own entry, loaded before the workbench's: see the renderer's
// build config): the first screen's calls leave as soon as the page has its connection.
import { askFirstScreen } from './first-calls';

askFirstScreen();
// The first screen reads preferences from localStorage (whether the topic lane is shown), and a
// fresh page's first access to it waits on the browser process: let that wait happen now, while
// the workbench's code is still on its way.
try {
  void window.localStorage.length;
} catch {
  // storage disabled: the preferences keep their defaults
}
