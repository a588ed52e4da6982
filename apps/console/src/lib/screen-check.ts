/**
 * Whether a route name has a screen, for code that may not import the screen registry: the
 * registry (app/screens.ts) imports every feature, so a feature asking it would close a cycle.
 * The router hands the registry's answer in at start, as it does its navigator.
 */
let check: (routeName: string) => boolean = () => false;

export function setScreenCheck(fn: (routeName: string) => boolean): void {
  check = fn;
}

export const hasScreen = (routeName: string): boolean => check(routeName);
