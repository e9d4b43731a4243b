import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { useEffect, useRef, type RefObject } from 'react';
import {
  LABEL_ZOOM,
  MAP_HEIGHT,
  MAP_WIDTH,
  MAX_ZOOM,
  middleOf,
  pointOnSurface,
  viewCentredOn,
  type MapView,
} from './map-layout';

/** A gesture that rests this long is drawn in full at its view, as at its end. */
const PAUSE_MS = 200;

/** Whether a touch gesture is the map's (two fingers) or the page's (one finger scrolls), as on the map without tracks. */
function isMapGesture(event: Event): boolean {
  if (event.type === 'touchstart') return (event as TouchEvent).touches.length > 1;
  return !(event as MouseEvent).button;
}

/**
 * d3-zoom on the canvas's frame `surface` (not the canvas, which the transform moves under the pointer), in CSS
 * pixels, into `view`: each change shown in the next animation frame, at most one per frame – during a gesture by
 * `move` (the drawn bitmap moved), otherwise and when the gesture ends or rests by `draw`. A new `fit` (another set of
 * tracks, another width) is shown at once. Returns the buttons' zoom and reset.
 */
export function useTrackZoom(input: {
  surface: RefObject<HTMLDivElement | null>;
  view: RefObject<MapView>;
  scale: number;
  fit: MapView;
  move: RefObject<() => void>;
  draw: RefObject<() => void>;
}) {
  const { surface: surfaceRef, view, scale, fit, move, draw } = input;
  const behaviour = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);

  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface || scale === 0) return;
    let pending = 0;
    let frame: 'move' | 'draw' | null = null;
    let gesture = false;
    let pause = 0;
    const show = (kind: 'move' | 'draw') => {
      if (frame === 'draw') return;
      frame = kind;
      if (pending) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        const what = frame;
        frame = null;
        if (what === 'draw') draw.current();
        else move.current();
      });
    };
    const w = MAP_WIDTH * scale;
    const h = MAP_HEIGHT * scale;
    const zoomer = zoom<HTMLDivElement, unknown>()
      .extent([
        [0, 0],
        [w, h],
      ])
      .scaleExtent([1, MAX_ZOOM])
      .translateExtent([
        [0, 0],
        [w, h],
      ])
      .filter(isMapGesture)
      .on('start', () => {
        gesture = true;
      })
      .on('zoom', (event: { transform: MapView }) => {
        const { k, x, y } = event.transform;
        view.current = { k, x, y };
        show(gesture ? 'move' : 'draw');
        window.clearTimeout(pause);
        if (gesture) pause = window.setTimeout(() => show('draw'), PAUSE_MS);
      })
      .on('end', () => {
        gesture = false;
        window.clearTimeout(pause);
        show('draw');
      });
    behaviour.current = zoomer;
    select(surface).call(zoomer);
    return () => {
      select(surface).on('.zoom', null);
      window.clearTimeout(pause);
      cancelAnimationFrame(pending);
    };
  }, [scale, surfaceRef, view, move, draw]);

  const showAll = () => {
    if (surfaceRef.current && behaviour.current) {
      select(surfaceRef.current).call(behaviour.current.transform, zoomIdentity.translate(fit.x, fit.y).scale(fit.k));
    }
  };
  const showAllRef = useRef(showAll);
  showAllRef.current = showAll;
  // A new set of tracks or another width: show them all.
  useEffect(() => showAllRef.current(), [fit]);

  const show = (next: MapView) => {
    if (surfaceRef.current && behaviour.current) {
      select(surfaceRef.current).call(
        behaviour.current.transform,
        zoomIdentity.translate(next.x, next.y).scale(next.k),
      );
    }
  };
  const w = MAP_WIDTH * scale;
  const h = MAP_HEIGHT * scale;
  return {
    /** Zooms by `factor` about the drawing's point `about` (the chosen station), else about the routes' middle. */
    zoomBy: (factor: number, about?: { x: number; y: number }) => {
      if (!surfaceRef.current || !behaviour.current || scale === 0) return;
      const point = about ?? middleOf(fit, w, h, scale);
      select(surfaceRef.current).call(
        behaviour.current.scaleBy,
        factor,
        pointOnSurface(view.current, point.x, point.y, scale),
      );
    },
    /** Moves the drawing's point (`x`, `y`) to the middle, zoomed in at least as far as the stations carry names. */
    centreOn: (x: number, y: number) => {
      const k = Math.min(MAX_ZOOM, Math.max(view.current.k, fit.k, LABEL_ZOOM));
      if (scale > 0) show(viewCentredOn(x, y, k, w, h, scale));
    },
    reset: showAll,
  };
}
