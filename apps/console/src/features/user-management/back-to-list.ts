import { routeByName } from '@meter/contract';
import { hasScreen } from '../../lib/screen-check.ts';

const LIST = 'System Settings, User Management, Password Management, List';
const STAND_IN = 'System Settings, User Management, Password Policy';

/**
 * Where Cancel and a saved change go: the password management list (002 §2.19). Until that screen
 * is registered its route would show Page Not Found, so the password policy screen stands in.
 */
export const passwordListPath = (): string => routeByName(hasScreen(LIST) ? LIST : STAND_IN).path;
