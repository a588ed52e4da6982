/**
 * The shipped meter profiles, one JSON file per model (docs/modbus.md, "Adding a profile": add
 * the file and its line here). Imported, not read from disk, so the bundled module carries them.
 */
import acurev2000 from './acurev2000.json' with { type: 'json' };
import module from './module.json' with { type: 'json' };

export const PROFILE_FILES: Readonly<Record<string, unknown>> = { acurev2000, module };
