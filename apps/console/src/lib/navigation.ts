/** Lets code outside React (request helper, reboot flow) navigate through the app's router. */
import { routeByName } from '@meter/contract';

export const LOGIN_PATH = routeByName('Login').path;

let navigator: ((to: string) => void) | null = null;

export function setNavigator(fn: (to: string) => void): void {
  navigator = fn;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}

export const currentPath = (): string => window.location.pathname;

/** Query parameters of the Login route (000 §2): wait for a reboot, or sign out first. */
export const REBOOT_PARAM = 'reboot';
export const LOGOUT_PARAM = 'logout';
/** The page asked for while signed out (a deep link): Login goes there after the sign-in. */
export const NEXT_PARAM = 'next';

/**
 * What a page that sends the user to Login may hand over in the history state: the user's name,
 * filled in (after their own password change, which ends the session: 002 §4.11).
 */
export interface LoginState {
  userName?: string;
}
