/**
 * Replays a model path against the real component, as the browser suite does
 * for registration: each member event is a gesture on the rendered view,
 * each answer of an I/O actor settles the API call the view made for it
 * (support/fake-api.ts), each delay is time passing (vitest's fake timers).
 * The model's own replay of the same path (replay.ts) says, step by step,
 * which calls the machine makes and with what; after every step the view
 * must have made exactly those API calls and show what the model's state
 * says (the driver's `expectView`), checked softly and named by the step.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { FakeApi, FakeCall } from './fake-api.ts';
import { eventLabel, modelGraph, NETWORK_DOWN, stateKey, stateLabel, type FlowModel, type ModelEdge, type ModelPath } from './flow-model.ts';
import { replay, type ReplayedStep } from './replay.ts';
import { checkEdge, expect } from './step-expect.ts';

/** An API call as the view makes it: the endpoint and its body and options (without the signal). */
export interface ApiCall {
  name: string;
  args: unknown[];
}

export interface ViewDriver {
  /** Renders the view for the flow's input: its machine starts. */
  render: () => void;
  /** The member's gesture for a member event, in the state before it. */
  perform: (event: AnyEventObject, before: AnyMachineSnapshot) => void | Promise<void>;
  /** The API call the view makes for a call of the machine's I/O actor. */
  apiCall: (call: { actor: string; input: unknown }) => ApiCall;
  /** What the API client resolves with for an actor's answer (the actors of some views reshape it), given the call's input. */
  apiAnswer?: (actor: string, output: unknown, input: unknown) => unknown;
  /**
   * Answers of the further calls one actor makes before its answer reaches
   * the machine (a money action asks its key after no answer), in order;
   * each is answered as the view makes it, within the same step.
   */
  followUps?: (actor: string, event: AnyEventObject, input: unknown) => unknown[];
  /** Calls of other machines the view runs beside the model's (another QR provider): left unanswered. */
  ignores?: (call: ApiCall) => boolean;
  /** What the view shows after the step, and what it did with the machine's actions. */
  expectView: (step: ReplayedStep) => void;
}

/** Lets settled promises reach the machines and React (fake timers leave microtasks alone). */
async function flush(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
}

export interface ViewPathOptions {
  /** What the view shows in a state: paths to the same outcome are one. By default its state and error. */
  outcome?: (snapshot: AnyMachineSnapshot) => string;
  /** Whether the view offers the member this event in this state (a choice its lists hold); paths with one it does not are left out. */
  offers?: (event: AnyEventObject, before: AnyMachineSnapshot) => boolean;
  /**
   * Edges to replay besides (one per event label): those whose effect the
   * view shows although they lead to a state reached another way (a game
   * opened, a payment announced).
   */
  edges?: (edge: ModelEdge) => boolean;
}

/** A state by what it is and the error it shows; a finished modal by what it tells the page. */
const stateAndError = (snapshot: AnyMachineSnapshot) =>
  snapshot.status === 'done'
    ? `${stateKey(snapshot)} | ${JSON.stringify(snapshot.output)}`
    : `${stateKey(snapshot)} | ${String((snapshot.context as { error?: unknown }).error ?? '')}`;

/** One shortest path to every distinct outcome of the model that the view can walk, and the edges asked for. */
export function viewPaths(
  flow: FlowModel,
  { outcome = stateAndError, offers = () => true, edges = () => false }: ViewPathOptions = {},
): ModelPath[] {
  const walkable = (path: ModelPath) =>
    path.steps.every((step, index) => index === 0 || offers(step.event, path.steps[index - 1]!.state));
  const chosen = new Map<string, ModelPath>();
  const graph = modelGraph(flow);
  for (const { path } of graph.states) {
    if (!walkable(path)) continue;
    const key = outcome(path.state);
    const current = chosen.get(key);
    if (!current || path.steps.length < current.steps.length) chosen.set(key, path);
  }
  const paths = new Set(chosen.values());
  const byEvent = new Map<string, ModelPath>();
  for (const edge of graph.edges) {
    if (!edges(edge) || !walkable(edge.path)) continue;
    const key = eventLabel(edge.event);
    const current = byEvent.get(key);
    if (!current || edge.path.steps.length < current.steps.length) byEvent.set(key, edge.path);
  }
  for (const path of byEvent.values()) paths.add(path);
  return [...paths];
}

/** The test title of a view path: where it ends, and how. */
export function viewPathTitle(flow: FlowModel, path: ModelPath): string {
  const last = path.steps.length > 1 ? ` on ${eventLabel(path.steps.at(-1)!.event)}` : '';
  return `${flow.name}: ${stateLabel(flow, path.state)}${last} (${path.steps.length - 1} steps)`;
}

export async function replayInView(flow: FlowModel, path: ModelPath, driver: ViewDriver, api: FakeApi): Promise<void> {
  const steps: ReplayedStep[] = [];
  await replay(flow, path, { check: (step) => steps.push(step) });
  /** The view's API call for each of the machine's calls in flight, by actor. */
  const inFlight = new Map<string, FakeCall>();
  /** The machine's input of each call in flight, by actor. */
  const inputs = new Map<string, unknown>();

  for (const [index, step] of steps.entries()) {
    const title = `${flow.name}: step ${index}, ${index === 0 ? 'start' : eventLabel(step.event)} → ${stateLabel(flow, step.after)}`;
    const [, kind, , actor] = /^xstate\.(done|error|after)\.(actor\.)?([^.]+)/.exec(step.event.type) ?? [];
    if (index === 0) {
      await act(async () => {
        driver.render();
        await flush();
      });
    } else if (kind === 'done' || kind === 'error') {
      const call = inFlight.get(actor!);
      if (!call) throw new Error(`${title}: the view made no call for ${actor}`);
      inFlight.delete(actor!);
      await act(async () => {
        if (kind === 'done') call.resolve(driver.apiAnswer ? driver.apiAnswer(actor!, step.event.output, inputs.get(actor!)) : step.event.output);
        else call.reject(new Error(NETWORK_DOWN));
        await flush();
      });
      for (const answer of driver.followUps?.(actor!, step.event, inputs.get(actor!)) ?? []) {
        const [next, ...others] = api.take();
        if (!next || others.length > 0) throw new Error(`${title}: expected one further call of ${actor}, got ${others.length + (next ? 1 : 0)}`);
        await act(async () => {
          next.resolve(answer);
          await flush();
        });
      }
    } else if (kind === 'after') {
      // Up to the delay's end, then the one timer ending there: of two delays ending together the
      // replay (replay.ts) ends the one set first alone, and so does the next timer here.
      await act(async () => {
        if (step.waited > 0) await vi.advanceTimersByTimeAsync(step.waited - 1);
        await vi.advanceTimersToNextTimerAsync();
        await flush();
      });
    } else {
      await act(async () => {
        await driver.perform(step.event, steps[index - 1]!.after);
        await flush();
      });
    }

    const made = api.take().filter((call) => !driver.ignores?.({ name: call.name, args: call.args }));
    const expected = step.calls.map(driver.apiCall);
    checkEdge(title, () => {
      expect(made.map(({ name, args }) => ({ name, args })), 'API calls').toEqual(expected);
      driver.expectView(step);
    });
    step.calls.forEach((call, position) => {
      if (made[position]) inFlight.set(call.actor, made[position]);
      inputs.set(call.actor, call.input);
    });
  }
}
