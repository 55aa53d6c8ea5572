import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Emphasised } from './Emphasised';

describe('Emphasised', () => {
  afterEach(cleanup);

  it('puts the value in bold wherever the language puts it', () => {
    const english = render(<Emphasised value="ravi" message={(name) => `Sign in as ${name}.`} />);
    expect(english.container.innerHTML).toBe('Sign in as <strong>ravi</strong>.');
    cleanup();
    const hindi = render(<Emphasised value="ravi" message={(name) => `${name} के रूप में साइन इन करें।`} />);
    expect(hindi.container.innerHTML).toBe('<strong>ravi</strong> के रूप में साइन इन करें।');
  });
});
