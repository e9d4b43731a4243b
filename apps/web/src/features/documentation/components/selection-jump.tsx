import { Affix, Button, Transition } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';

/**
 * On narrow screens the "Ausgewählte Objekte" card sits below every list; while it is out of view and something is
 * selected, a floating button says how much and jumps there.
 */
export function SelectionJump({ text, visible, onJump }: { text: string; visible: boolean; onJump: () => void }) {
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} hiddenFrom="md">
      <Transition transition="slide-up" mounted={visible}>
        {(styles) => (
          <Button
            style={styles}
            fullWidth
            size="md"
            color="green"
            rightSection={<IconArrowDown size={18} aria-hidden />}
            onClick={onJump}
          >
            {text}
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
