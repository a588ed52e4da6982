import { routeByName } from '@meter/contract';

/** Where Cancel and a saved change go: the password management list (002 §2.19). */
export const passwordListPath = (): string => routeByName('System Settings, User Management, Password Management, List').path;
