/**
 * /ops/games (marketing and support; admins): every game members may be
 * offered, the built-in reference games and an aggregator's, with whether
 * members may play it now. Filtered by provider and status and sorted in
 * the address (games-view.ts); marketing and admins switch a game off, or
 * on again, after a confirmation that says what it does to members
 * (machines/game-switch; docs/decisions/0133-aggregator-games.md).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { gameSwitchActors } from '../../../../machines/game-switch/game-switch.actors.ts';
import { gameSwitchMachine } from '../../../../machines/game-switch/game-switch.machine.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import type { OpsGame } from '../../../contract/games-ops.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { ErrorLine } from '../../ui/Form.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { showSuccessToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { mayCall, type AreaPageProps } from '../console/area-page.ts';
import { ConfirmDialog } from '../console/ConfirmDialog.tsx';
import { OpsTable, type Column } from '../console/OpsTable.tsx';
import { useOpsSearch } from '../console/use-ops-search.ts';
import { opsApi } from '../ops-session.ts';
import { useOpsEndpointRead } from '../use-ops-read.ts';
import { GameCategory, GameStatusWord, providerName } from './game-texts.tsx';
import { gamesInView, GamesView } from './games-view.ts';
import './games.css';
import { ReadFailed } from '../console/ReadFailed.tsx';

/** Every value in a filter: the address leaves the param out. */
const ALL = 'all';

export default function GamesPage({ operator }: AreaPageProps) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Games`);
  const { search, setSearch } = useOpsSearch(GamesView);
  const games = useOpsEndpointRead('opsGames');
  const switches = mayCall(operator, endpoints.opsGameSwitch);
  const machine = useActorRef(
    gameSwitchMachine.provide({
      actors: gameSwitchActors(opsApi),
      actions: {
        switched: ({ context }) => {
          const game = context.switched!;
          games.reload();
          showSuccessToast(
            game.operatorOff
              ? t`${game.name} is switched off. Members can no longer open it.`
              : game.active
                ? t`${game.name} is on again.`
                : t`${game.name} is switched on. Members get it once its provider offers it.`,
          );
        },
      },
    }),
  );
  const pending = useSelector(machine, (snapshot) => snapshot.context.pending);
  const failure = useSelector(machine, (snapshot) => snapshot.context.failure);
  const asking = useSelector(machine, (snapshot) => snapshot.hasTag('confirming') || snapshot.hasTag('switching'));
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('switching'));

  const all = games.data?.games ?? [];
  const shown = gamesInView(all, search, i18n.locale);
  const providers = [...new Set(all.map((game) => game.provider))].sort();
  const builtIn = t`Reference (built in)`;
  const pendingGame = all.find((game) => game.code === pending?.code);

  const columns: Column<OpsGame>[] = [
    { id: 'name', header: <Trans>Name</Trans>, cell: (game) => <strong>{game.name}</strong> },
    { id: 'code', header: <Trans>Code</Trans>, cell: (game) => <span className="ops-games__code">{game.code}</span> },
    { id: 'provider', header: <Trans>Provider</Trans>, cell: (game) => providerName(game.provider, builtIn) },
    { id: 'category', header: <Trans>Category</Trans>, cell: (game) => <GameCategory category={game.category} /> },
    { id: 'status', header: <Trans>Status</Trans>, cell: (game) => <GameStatusWord game={game} /> },
    ...(switches
      ? [
          {
            id: 'switch',
            header: <Trans>Switch</Trans>,
            cell: (game: OpsGame) => (
              <button
                type="button"
                className={`button ${game.operatorOff ? 'button--primary' : 'button--secondary'} ops-games__switch`}
                onClick={() => machine.send({ type: 'switch.ask', code: game.code, name: game.name, active: game.operatorOff })}
              >
                {game.operatorOff ? <Trans>Switch on</Trans> : <Trans>Switch off</Trans>}
                <span className="visually-hidden"> {game.name}</span>
              </button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Games</Trans>
        </h1>
      </div>
      <p className="small muted">
        {switches ? (
          <Trans>A game is on when its provider offers it and no operator switched it off. An aggregator's daily sync never switches a game back on.</Trans>
        ) : (
          <Trans>A game is on when its provider offers it and no operator switched it off. Marketing switches games off and on.</Trans>
        )}
      </p>
      <div className="ops-filters" role="group" aria-label={t`Filters`}>
        <SelectField
          label={<Trans>Provider</Trans>}
          placeholder={t`Provider`}
          options={[{ value: ALL, label: t`All providers` }, ...providers.map((provider) => ({ value: provider, label: providerName(provider, builtIn) }))]}
          value={search.provider ?? ALL}
          onValueChange={(provider) => setSearch({ provider: provider === ALL ? undefined : provider })}
        />
        <SelectField
          label={<Trans>Status</Trans>}
          placeholder={t`Status`}
          options={[
            { value: ALL, label: t`Any status` },
            { value: 'on', label: t`On` },
            { value: 'off', label: t`Switched off by an operator` },
            { value: 'unoffered', label: t`Not offered by the provider` },
          ]}
          value={search.status ?? ALL}
          onValueChange={(status) => setSearch({ status: status === ALL ? undefined : status })}
        />
        <SelectField
          label={<Trans>Order</Trans>}
          placeholder={t`Order`}
          options={[
            { value: ALL, label: t`As members see them` },
            { value: 'name', label: t`By name` },
            { value: 'provider', label: t`By provider` },
            { value: 'status', label: t`Switched off first` },
          ]}
          value={search.sort ?? ALL}
          onValueChange={(sort) => setSearch({ sort: sort === ALL ? undefined : sort })}
        />
      </div>
      {games.failed ? (
        <ReadFailed failure={games.failure} onRetry={games.retry} />
      ) : (
        <>
          <p className="small muted" role="status">
            {games.data && (
              <Trans>
                <Plural value={shown.length} one="# game" other="# games" /> of {all.length}
              </Trans>
            )}
          </p>
          <OpsTable
            caption={<Trans>Games</Trans>}
            columns={columns}
            rows={shown}
            rowKey={(game) => game.code}
            busy={games.busy}
            empty={<Trans>No games match these filters.</Trans>}
          />
        </>
      )}
      <ConfirmDialog
        open={asking}
        busy={busy}
        title={pending?.active ? <Trans>Switch on {pending.name}?</Trans> : <Trans>Switch off {pending?.name}?</Trans>}
        description={
          pending?.active ? (
            pendingGame && !pendingGame.providerEnabled ? (
              <Trans>Its provider does not offer it now: members get it again once the provider does.</Trans>
            ) : (
              <Trans>Members can open, enter and fund it again at once.</Trans>
            )
          ) : (
            <Trans>
              Members can no longer open, enter or fund it; money already in it can still be moved back to the wallet. It stays off until an operator switches it on
              again.
            </Trans>
          )
        }
        confirm={pending?.active ? <Trans>Switch on</Trans> : <Trans>Switch off</Trans>}
        working={<Trans>Switching…</Trans>}
        onConfirm={() => machine.send({ type: 'switch.confirm' })}
        onCancel={() => machine.send({ type: 'switch.cancel' })}
      >
        <ErrorLine>{failure && <MessageText message={failure} />}</ErrorLine>
      </ConfirmDialog>
    </div>
  );
}
