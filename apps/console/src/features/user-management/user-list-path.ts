import { routeByName } from '@meter/contract';

/** Where Cancel and a saved user go (002 §2.17). */
export const USER_LIST_PATH = routeByName('System Settings, User Management, User Configuration, List').path;
/** Where Cancel and a saved role go. */
export const ROLE_LIST_PATH = routeByName('System Settings, User Management, Role Configuration, List').path;
