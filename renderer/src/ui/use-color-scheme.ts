import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

/** 'dark' or 'light', following the OS and updating live. */
export function useColorScheme(): 'dark' | 'light' {
  return useSyncExternalStore(
    (notify) => {
      const mq = query();
      mq.addEventListener('change', notify);
      return () => mq.removeEventListener('change', notify);
    },
    () => (query().matches ? 'dark' : 'light'),
  );
}

export function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}
