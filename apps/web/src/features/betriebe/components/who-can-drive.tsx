import { Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { formatDate } from '@streckenpass/contract/format';
import { addDays } from '@streckenpass/contract/knowledge';
import { requirementShortLabel } from '@streckenpass/contract/matrix';
import type { WhoCanDrive, WhoCanDriveQuery } from '@streckenpass/contract/who-can-drive';
import { plural } from '@streckenpass/contract/plural';
import type { Requirement } from '@streckenpass/contract/requirements';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../../components/date-field';
import { SearchInput } from '../../../components/search-input';
import { QueryContent } from '../../../components/query-content';
import { StationField } from '../../../components/station-field';
import { todayInput } from '../../../lib/dates';
import { useStationIndex } from '../../../lib/stations';
import { useWhoCanDrive } from '../api/matrix';
import { routeRequirements } from '../api/requirements';
import { DriverLink } from './driver-link';
import { pairLabel } from './requirement-labels';

/** The question as the page's address holds it: a requirement or a station pair, and the day. */
export interface WhoCanDriveAsked {
  requirement?: number;
  from?: string;
  to?: string;
  date: string;
}

const asked = (question: WhoCanDriveAsked) =>
  question.requirement !== undefined || Boolean(question.from && question.to);

/** Requirements to tap, narrowed by a search over codes, names and Kürzel. */
function RequirementChoice({
  betriebId,
  onChoose,
}: {
  betriebId: number;
  onChoose: (requirement: Requirement) => void;
}) {
  const requirements = routeRequirements.list.use(betriebId, true);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  return (
    <Stack gap="xs">
      <SearchInput
        label="Anforderung suchen"
        placeholder="DS100, Bahnhof, Kürzel oder Streckennummer"
        value={search}
        onChange={setSearch}
      />
      <QueryContent query={requirements}>
        {(list) => {
          const shown = list.filter(
            (requirement) =>
              !needle ||
              `${pairLabel(requirement)} ${requirementShortLabel(requirement)}`.toLowerCase().includes(needle),
          );
          if (list.length === 0) return <Text size="sm">Der Betrieb hat noch keine Anforderungen.</Text>;
          if (shown.length === 0) return <Text size="sm">Keine Anforderung passt zur Suche.</Text>;
          return (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Anforderungen">
              {shown.map((requirement) => (
                <li key={requirement.id}>
                  <Paper withBorder radius="md">
                    <UnstyledButton p="sm" w="100%" mih={44} onClick={() => onChoose(requirement)}>
                      <Text fw={600} size="sm">
                        {pairLabel(requirement)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {requirementShortLabel(requirement)}
                      </Text>
                    </UnstyledButton>
                  </Paper>
                </li>
              ))}
            </Stack>
          );
        }}
      </QueryContent>
    </Stack>
  );
}

/** Any other station pair, by DS100 code or name. */
function PairChoice({ onAsk }: { onAsk: (from: string, to: string) => void }) {
  const stations = useStationIndex();
  const [pair, setPair] = useState({
    Start: { text: '', code: null as string | null },
    Ende: { text: '', code: null as string | null },
  });
  const { Start: from, Ende: to } = pair;
  return (
    <Stack gap="xs">
      <Group grow align="flex-start" gap="sm" wrap="wrap">
        {(['Start', 'Ende'] as const).map((side) => (
          <StationField
            key={side}
            label={side}
            placeholder="DS100 oder Bahnhof"
            value={pair[side].text}
            station={pair[side].code}
            index={stations}
            onChange={(text, code) => setPair((current) => ({ ...current, [side]: { text, code } }))}
          />
        ))}
      </Group>
      <div>
        <Button
          variant="light"
          disabled={!from.code || !to.code}
          onClick={() => from.code && to.code && onAsk(from.code, to.code)}
        >
          Für diese Strecke fragen
        </Button>
      </div>
    </Stack>
  );
}

function Answer({ answer, betriebId }: { answer: WhoCanDrive; betriebId: number }) {
  const { drivers } = answer;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4" role="status">
        {drivers.length === 0
          ? `Niemand ist am ${formatDate(answer.date)} streckenkundig`
          : `${plural(drivers.length, 'Fahrer/in kann', 'Fahrer/innen können')} am ${formatDate(answer.date)} fahren`}
      </Title>
      <Text size="sm" c="dimmed">
        {answer.from.name} ({answer.from.code}) – {answer.to.name} ({answer.to.code})
        {answer.requirement?.companyRoute ? ` · Kürzel ${answer.requirement.companyRoute}` : ''}
      </Text>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Streckenkundige Fahrer/innen">
        {drivers.map((driver) => (
          <Paper key={driver.membershipId} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div>
                <DriverLink betriebId={betriebId} membershipId={driver.membershipId} name={driver.name} fw={600} />
                <Text size="xs" c="dimmed">
                  {driver.depot ? `Depot ${driver.depot.name} · ` : ''}
                  {driver.route.name}
                </Text>
              </div>
              <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                bis {formatDate(driver.route.validUntil)}
              </Badge>
            </Group>
            {driver.vehicles.length > 0 && (
              <Group gap={4} mt={6} aria-label="Fahrzeugkunde">
                {driver.vehicles.map((vehicle) => (
                  <Badge key={vehicle.requirementId} variant="outline" color="gray">
                    {vehicle.vehicleType}
                  </Badge>
                ))}
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * "Wer kann fahren?" (issue 28 item 4): tap a requirement (or give any station pair) and see, for the chosen day
 * (today unless changed), the drivers whose knowledge is valid then, with their known vehicle types. On a phone: the
 * Betrieb's button, then the requirement — two taps.
 */
export function WhoCanDriveView({
  betrieb,
  question,
  onAsk,
}: {
  betrieb: Betrieb;
  question: WhoCanDriveAsked;
  onAsk: (next: WhoCanDriveAsked) => void;
}) {
  const query: WhoCanDriveQuery =
    question.requirement !== undefined
      ? { requirement: question.requirement, date: question.date }
      : { from: question.from, to: question.to, date: question.date };
  const answer = useWhoCanDrive(betrieb.id, query, asked(question));
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateField
          label="Am Tag"
          required
          value={question.date}
          onChange={(date) => date && onAsk({ ...question, date })}
          maw={260}
        />
        {/* One tap for the days a Disponent asks about most (issue 40). */}
        {[
          { label: 'Heute', date: todayInput() },
          { label: 'Morgen', date: addDays(todayInput(), 1) },
        ].map(({ label, date }) => (
          <Button
            key={label}
            variant={question.date === date ? 'filled' : 'default'}
            aria-pressed={question.date === date}
            onClick={() => onAsk({ ...question, date })}
          >
            {label}
          </Button>
        ))}
      </Group>
      {asked(question) ? (
        <>
          <div>
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => onAsk({ date: question.date })}
            >
              Andere Strecke
            </Button>
          </div>
          <QueryContent query={answer}>{(data) => <Answer answer={data} betriebId={betrieb.id} />}</QueryContent>
        </>
      ) : (
        <>
          <RequirementChoice
            betriebId={betrieb.id}
            onChoose={(requirement) => onAsk({ requirement: requirement.id, date: question.date })}
          />
          <Title order={2} size="h5">
            Oder eine andere Strecke
          </Title>
          <PairChoice onAsk={(from, to) => onAsk({ from, to, date: question.date })} />
        </>
      )}
    </Stack>
  );
}
