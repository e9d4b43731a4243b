import { Accordion, TagsInput, TextInput } from '@mantine/core';
import { CONSENT_VERSION, CURRENT_CONSENT } from '@streckenpass/contract/betrieb-consent';
import { BETRIEB_LIMITS, createBetriebSchema, type Betrieb } from '@streckenpass/contract/betriebe';
import { FormFrame } from '../../../components/form-frame';
import { FormSubmit } from '../../../components/form-submit';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateBetrieb } from '../api/betriebe';
import { ConsentText } from './consent-text';

interface Values {
  name: string;
  depots: string[];
}

/** What only the form holds is the consent: the founder agrees to the text shown, the current version. */
const formSchema = createBetriebSchema.pick({ name: true, depots: true });

/**
 * "Betrieb gründen": a name and, optionally, depots or teams. The founder becomes its first admin and, like anyone
 * who joins, agrees to the consent shown here.
 */
export function CreateBetriebForm({ onCreated }: { onCreated: (betrieb: Betrieb) => void }) {
  const { form, onSubmit, isPending, formError } = useContractForm(formSchema, useCreateBetrieb(), {
    initialValues: { name: '', depots: [] } as Values,
    toVariables: (values) => ({ ...values, consentVersion: CONSENT_VERSION }),
    onSuccess: (betrieb, _values, form) => {
      form.reset();
      onCreated(betrieb);
    },
  });
  return (
    <FormFrame label="Betrieb gründen" onSubmit={onSubmit} formError={formError}>
      <TextInput
        label="Name des Betriebs"
        placeholder="z. B. Regio Franken"
        required
        maxLength={BETRIEB_LIMITS.nameLength}
        {...form.getInputProps('name')}
      />
      <TagsInput
        label="Depots oder Teams (optional)"
        description="Namen mit der Eingabetaste übernehmen."
        placeholder="z. B. Würzburg"
        maxTags={BETRIEB_LIMITS.depotsPerBetrieb}
        {...form.getInputProps('depots')}
      />
      <Accordion variant="contained">
        <Accordion.Item value="consent">
          <Accordion.Control>Was der Betrieb von Ihren Daten sieht</Accordion.Control>
          <Accordion.Panel>
            <ConsentText consent={CURRENT_CONSENT} headingOrder={3} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <FormSubmit
        loading={isPending}
        note="Sie werden das erste Mitglied und Admin des Betriebs; für Ihre Daten gilt dieselbe Einwilligung wie für alle Mitglieder."
      >
        Zustimmen und Betrieb gründen
      </FormSubmit>
    </FormFrame>
  );
}
