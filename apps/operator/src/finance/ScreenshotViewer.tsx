import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import {
  faMagnifyingGlassMinus,
  faMagnifyingGlassPlus,
  faMaximize,
  faXmark,
} from '@fortawesome/free-solid-svg-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { fetchImage } from '@/api/client';
import { Problem } from '@/shared/Problem';

const MIN_SCALE = 1;
const MAX_SCALE = 8;
const STEP = 1.25;
const PAN_STEP = 40;

function zoomed(scale: number, factor: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * factor * 100) / 100));
}

/**
 * A request's screenshot: fetched with the operator's token (an <img src> cannot send it), shown
 * whole in the panel, and opened zoomed on a click: buttons, the wheel or + and − to zoom, a drag
 * or the arrow keys to pan, Escape to close.
 */
export function ScreenshotViewer({ url, label }: { url: string; label: string }) {
  const image = useQuery({
    queryKey: ['screenshot', url],
    queryFn: ({ signal }) => fetchImage(url, signal),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  if (image.isError) return <Problem error={image.error} what="see this screenshot" />;
  return (
    <div className="shot">
      {image.data ? (
        <button
          ref={opener}
          type="button"
          className="shot__open"
          onClick={() => setOpen(true)}
          aria-label={`Zoom into the ${label}`}
        >
          <img src={image.data} alt={label} className="shot__img" />
        </button>
      ) : (
        <div className="shot__placeholder" aria-busy="true">
          Loading the screenshot…
        </div>
      )}
      {/* On the body: the detail panel scrolls in its own stacking context, under the header. */}
      {open &&
        image.data &&
        createPortal(
          <ZoomView
            src={image.data}
            label={label}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />,
          document.body,
        )}
    </div>
  );
}

function ZoomView({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  const [scale, setScale] = useState(2);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const stage = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);

  const zoom = (factor: number) => setScale((s) => zoomed(s, factor));
  const reset = () => {
    setScale(1);
    setOffset({ x: 0, y: 0 });
  };

  useEffect(() => {
    dialog.current?.focus();
  }, []);

  // The wheel zooms; a passive React listener cannot stop the page scrolling, so a native one.
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setScale((s) => zoomed(s, e.deltaY < 0 ? STEP : 1 / STEP));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === '+' || e.key === '=') {
      zoom(STEP);
    } else if (e.key === '-') {
      zoom(1 / STEP);
    } else if (e.key === '0') {
      reset();
    } else if (pan[e.key] && (e.target as HTMLElement).tagName !== 'BUTTON') {
      e.preventDefault();
      const [dx, dy] = pan[e.key]!;
      setOffset((o) => ({ x: o.x + dx, y: o.y + dy }));
    } else if (e.key === 'Tab') {
      // Keep the focus inside the dialog while it is open.
      const focusable = dialog.current?.querySelectorAll<HTMLElement>('button, [tabindex="0"]');
      if (!focusable || focusable.length === 0) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setOffset({ x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <div className="zoom" role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="zoom__dialog"
        role="dialog"
        aria-modal="true"
        aria-label={`${label}, zoomed`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="zoom__bar">
          <button type="button" className="btn btn--small" onClick={() => zoom(STEP)} aria-label="Zoom in">
            <FontAwesomeIcon icon={faMagnifyingGlassPlus} />
          </button>
          <button
            type="button"
            className="btn btn--small"
            onClick={() => zoom(1 / STEP)}
            aria-label="Zoom out"
          >
            <FontAwesomeIcon icon={faMagnifyingGlassMinus} />
          </button>
          <button type="button" className="btn btn--small" onClick={reset} aria-label="Fit to the window">
            <FontAwesomeIcon icon={faMaximize} />
          </button>
          <output className="zoom__scale" aria-live="polite">
            {Math.round(scale * 100)}%
          </output>
          <span className="muted zoom__hint">
            Wheel or + − to zoom · drag or arrow keys to pan · Esc to close
          </span>
          <button
            type="button"
            className="btn btn--small zoom__close"
            onClick={onClose}
            aria-label="Close the zoom"
          >
            <FontAwesomeIcon icon={faXmark} />
          </button>
        </div>
        <div
          ref={stage}
          className="zoom__stage"
          tabIndex={0}
          aria-label="The screenshot: arrow keys pan"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <img
            src={src}
            alt={label}
            draggable={false}
            className="zoom__img"
            style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})` }}
          />
        </div>
      </div>
    </div>
  );
}
