import { create } from 'zustand';

/** Registration info kept between the register and verification modals (section 3). */
export interface RegistrationInfo {
  userName: string;
  mobile: string;
  domain: string;
}

interface RegistrationState {
  info: RegistrationInfo | null;
  setInfo(info: RegistrationInfo | null): void;
}

export const useRegistrationStore = create<RegistrationState>()((set) => ({
  info: null,
  setInfo: (info) => set({ info }),
}));
