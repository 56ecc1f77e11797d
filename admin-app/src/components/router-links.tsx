import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';

type AnchorElementProps = AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>;
type ButtonElementProps = ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>;

// Router links with typed params and search, drawn as Mantine anchors and buttons.
export const AnchorLink = createLink(
  forwardRef<HTMLAnchorElement, AnchorElementProps>((props, ref) => <Anchor ref={ref} {...props} />),
);

export const ButtonLink = createLink(
  forwardRef<HTMLAnchorElement, ButtonElementProps>((props, ref) => (
    <Button component="a" ref={ref} {...props} />
  )),
);
