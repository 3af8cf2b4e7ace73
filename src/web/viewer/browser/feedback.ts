/**
 * The reviewer's feedback: kept per run, saved 800 ms after typing stops, one save after another in order. The
 * served page POSTs to /api/feedback; the static file keeps it in this browser's localStorage (namespaced by the
 * workspace) and "Submit all reviews" downloads feedback.json.
 */
import type { ViewerData } from '../model.js';

interface Review {
  feedback: string;
  timestamp: string;
}

interface FeedbackBody {
  reviews: { run_id: string; feedback: string; timestamp: string }[];
  status: string;
}

export interface FeedbackStore {
  feedbackOf(runId: string): string | undefined;
  /** Records what was typed for a run; it is saved when typing stops. */
  edit(runId: string, text: string): void;
  /** Saves now what is waiting to be saved, if anything. */
  flush(keepalive: boolean): void;
  /** Marks the review complete and saves every run's feedback (an empty one for runs not reviewed). */
  submitAll(): Promise<boolean>;
  /** The body that is saved, every run included. */
  everyRun(): FeedbackBody;
}

const AUTOSAVE_MS = 800;

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Reviews kept in this browser by an earlier visit to the static file, over the embedded ones. */
function restore(storageName: string, reviews: Map<string, Review>): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(storageName) ?? 'null') as {
      reviews?: unknown;
      status?: unknown;
    } | null;
    if (!stored || !Array.isArray(stored.reviews)) return undefined;
    for (const r of stored.reviews as { run_id?: unknown; feedback?: unknown; timestamp?: unknown }[]) {
      if (r && typeof r.run_id === 'string' && typeof r.feedback === 'string')
        reviews.set(r.run_id, { feedback: r.feedback, timestamp: String(r.timestamp ?? '') });
    }
    return typeof stored.status === 'string' ? stored.status : undefined;
  } catch {
    // Unreadable storage: start from the embedded feedback.
    return undefined;
  }
}

export function feedbackStore(data: ViewerData, setStatus: (text: string) => void): FeedbackStore {
  const reviews = new Map<string, Review>();
  for (const r of data.feedback.reviews) reviews.set(r.run_id, { feedback: r.feedback, timestamp: r.timestamp });
  const storageName = `plugin-eval-view:${data.storageKey}`;
  let status = data.feedback.status || 'in_progress';
  if (data.mode === 'static') status = restore(storageName, reviews) ?? status;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let saving: Promise<boolean> = Promise.resolve(true);

  function payload(everyRun: boolean): FeedbackBody {
    const now = new Date().toISOString();
    if (everyRun)
      for (const r of data.runs) if (!reviews.has(r.id)) reviews.set(r.id, { feedback: '', timestamp: now });
    const list: FeedbackBody['reviews'] = [];
    reviews.forEach((v, id) => list.push({ run_id: id, feedback: v.feedback, timestamp: v.timestamp || now }));
    return { reviews: list, status };
  }

  function store(body: FeedbackBody, keepalive: boolean): Promise<boolean> {
    if (data.mode === 'static') {
      try {
        localStorage.setItem(storageName, JSON.stringify(body));
        setStatus('Saved in this browser');
        return Promise.resolve(true);
      } catch (e) {
        setStatus(`Not saved: ${errorText(e)}`);
        return Promise.resolve(false);
      }
    }
    setStatus('Saving\u2026');
    return fetch('/api/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      keepalive,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error((await res.text()) || `HTTP ${res.status}`);
        setStatus(`Saved ${new Date().toLocaleTimeString()}`);
        return true;
      })
      .catch((e: unknown) => {
        setStatus(`Not saved: ${errorText(e)}`);
        return false;
      });
  }

  function save(everyRun: boolean, keepalive: boolean): Promise<boolean> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    const body = payload(everyRun);
    saving = saving.then(() => store(body, keepalive));
    return saving;
  }

  return {
    feedbackOf: (runId) => reviews.get(runId)?.feedback,
    edit(runId, text) {
      reviews.set(runId, { feedback: text, timestamp: new Date().toISOString() });
      setStatus('Unsaved changes');
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void save(false, false);
      }, AUTOSAVE_MS);
    },
    flush(keepalive) {
      if (timer !== null) void save(false, keepalive);
    },
    submitAll() {
      status = 'complete';
      return save(true, false);
    },
    everyRun: () => payload(true),
  };
}
