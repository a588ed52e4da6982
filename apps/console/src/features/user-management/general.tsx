/**
 * System Settings › User Management › General (002 §2.17, §5.11): max concurrent logins and the
 * session timeout. A plain settings form, not a section: the module composes it from two stores
 * (the session timeout is the password policy's), so it has no section backend of its own.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { generalUserConfig, userManagementTexts } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { SettingsForm } from '../../components/form/settings-form.tsx';
import { Loading } from '../../components/loading.tsx';
import { schemaFieldDefs } from '../../components/section/section-fields.ts';
import { callEndpoint, ifRevisionHeaders } from '../../lib/api.ts';
import { endpointQuery } from '../../lib/query.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

const TITLE = 'General';
const FIELDS = schemaFieldDefs(generalUserConfig);

export default function UserManagementGeneral() {
  const config = useQuery(endpointQuery('generalUserConfig'));
  const client = useQueryClient();
  if (config.isPending) return <Loading />;
  // A failed load has been reported by the request helper; a form of blanks would invite a bad save.
  if (!config.data) return null;
  return (
    <section style={{ maxWidth: '32rem' }}>
      <ScreenTitle className="h5">{TITLE}</ScreenTitle>
      <SettingsForm
        title={TITLE}
        schema={generalUserConfig}
        values={config.data}
        fields={FIELDS}
        // Saved against the revision the form was loaded from: over someone else's change it is refused (409).
        onSave={async (body, baseline) => {
          await callEndpoint(calls.saveGeneralUserConfig, { body, suppress: true, headers: ifRevisionHeaders(baseline) });
          // The session timeout is also the password policy's.
          await Promise.all(['generalUserConfig', 'passwordPolicy'].map((name) => client.invalidateQueries({ queryKey: [name] })));
        }}
        successMessage={userManagementTexts.generalSaved}
      />
    </section>
  );
}
