import { sessionStore, type Session } from './session.ts';
import { useStore } from './use-store.ts';

export const useSession = (): Session | null => useStore(sessionStore);
