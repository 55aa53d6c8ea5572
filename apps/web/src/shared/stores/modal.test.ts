import { describe, expect, it } from 'vitest';
import { closeModal, openModal } from '../events/bus';
import { useModalStore } from './modal';

describe('modals by named events', () => {
  it('opens by name, closes only by the same name, and starts fresh on a new open', () => {
    openModal('login', '/bonus');
    const first = useModalStore.getState().open;
    expect(first).toMatchObject({ name: 'login', to: '/bonus' });
    openModal('login', '/bonus');
    expect(useModalStore.getState().open).toBe(first);
    closeModal('register');
    expect(useModalStore.getState().open?.name).toBe('login');
    openModal('register');
    expect(useModalStore.getState().open?.name).toBe('register');
    closeModal('register');
    expect(useModalStore.getState().open).toBeNull();
    openModal('login', '/bonus');
    expect(useModalStore.getState().open?.key).not.toBe(first?.key);
  });
});
