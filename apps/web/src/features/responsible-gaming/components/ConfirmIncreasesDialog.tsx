import { RG_LIMIT_KINDS, RG_PERIODS, type ResponsibleGaming } from '@backlay/contract';
import { notify } from '@/shared/ui/toast';
import { useSetResponsibleGaming } from '../api/set-responsible-gaming';
import { t } from '../i18n';
import { limitName, limitText } from '../lib/labels';
import { Dialog } from './Dialog';

/** The increases (and removals) whose 24 hours have passed: confirming applies all of them. */
export function awaitingChanges(data: ResponsibleGaming) {
  return RG_LIMIT_KINDS.flatMap((kind) =>
    RG_PERIODS.flatMap((period) => {
      const state = data[kind === 'deposit' ? 'depositLimit' : 'lossLimit'][period];
      return state.pending?.awaitingConfirmation
        ? [
            {
              key: `${kind}-${period}`,
              name: limitName(kind, period),
              from: state.amount,
              to: state.pending.amount,
            },
          ]
        : [];
    }),
  );
}

/**
 * The second confirmation of an increase: the player asked for it a day ago, and says once more,
 * seeing every change it applies (the server applies all that are due at once).
 */
export function ConfirmIncreasesDialog({
  open,
  data,
  onClose,
}: {
  open: boolean;
  data: ResponsibleGaming;
  onClose: () => void;
}) {
  const mutation = useSetResponsibleGaming();
  const changes = awaitingChanges(data);
  const confirm = () =>
    mutation.mutate(
      { confirmIncreases: true },
      {
        onSuccess: () => {
          notify.success(t('responsible-gaming.confirm.done'));
          onClose();
        },
      },
    );
  return (
    <Dialog
      open={open}
      role="alertdialog"
      name="rg-confirm-increases"
      title={t('responsible-gaming.confirm.title')}
      onDismiss={onClose}
      actions={
        <>
          <button type="button" className="btn btn--outline" onClick={onClose} data-autofocus>
            {t('responsible-gaming.confirm.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={confirm} disabled={mutation.isPending}>
            {t('responsible-gaming.confirm.apply')}
          </button>
        </>
      }
    >
      <p>{t('responsible-gaming.confirm.text')}</p>
      <ul className="rg-dialog__list">
        {changes.map((c) => (
          <li key={c.key}>
            {t('responsible-gaming.confirm.item', {
              limit: c.name,
              from: limitText(c.from),
              to: limitText(c.to),
            })}
          </li>
        ))}
      </ul>
      {mutation.isError && (
        <p className="field-error" role="alert">
          {mutation.error.message}
        </p>
      )}
    </Dialog>
  );
}
