import { Fragment } from 'react';

/**
 * An e-mail address that, when it does not fit, breaks after the "@" and before a dot – where people expect it –
 * instead of in the middle of a word ("maximiliane.mustermann-" / "schmidt@…").
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
