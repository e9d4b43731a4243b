import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A short code typed on a phone: a point's DS100 code ("FFU"), an invitation's code ("K7QXM-2PAHD"). The keyboard
 * opens in capitals, and neither the browser's autofill nor its autocorrect touches the letters.
 */
export function CodeInput(props: TextInputProps) {
  return <TextInput autoCapitalize="characters" autoComplete="off" autoCorrect="off" spellCheck={false} {...props} />;
}
