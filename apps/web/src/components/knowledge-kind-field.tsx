import { Radio, Stack } from '@mantine/core';
import { KNOWLEDGE_KIND_LABELS, KNOWLEDGE_KINDS, type KnowledgeKind } from '@streckenpass/contract/knowledge-items';
import { TERMS } from '@streckenpass/contract/terms';

/**
 * "Strecke" or "Ortskunde" (issue 41 item 4), at the top of the route form and of a Betrieb's new requirement: radio
 * buttons one per line, so that the place's explanation fits a 360-px phone without being cut.
 */
export function KnowledgeKindField({
  value,
  onChange,
  label = 'Streckenkunde oder Ortskunde',
}: {
  value: KnowledgeKind;
  onChange: (kind: KnowledgeKind) => void;
  label?: string;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={(next) => onChange(next as KnowledgeKind)}>
      <Stack gap="xs" mt="xs">
        {KNOWLEDGE_KINDS.map((kind) => (
          <Radio
            key={kind}
            value={kind}
            label={KNOWLEDGE_KIND_LABELS[kind]}
            description={kind === 'place' ? TERMS.placeExplanation : 'zwischen zwei Betriebsstellen'}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
