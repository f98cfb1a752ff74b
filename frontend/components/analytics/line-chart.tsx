import { Box } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

// A small wrapper around uPlot (decision 153): canvas line charts, ~50 KB minified, only in the
// lazily loaded /analytics chunk. `x` are UTC day starts in seconds; one series per network.
export type ChartSeries = { label: string; color: string; values: number[] };

export function LineChart({ x, series, height = 220, title }: { x: number[]; series: ChartSeries[]; height?: number; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el || x.length === 0) return;
    const opts: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height,
      scales: { x: { time: true } },
      axes: [{}, { size: 50 }],
      series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: x.length < 40 } }))],
      legend: { show: true },
    };
    const plot = new uPlot(opts, [x, ...series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, series, height]);
  // The canvas is not readable by assistive tech; the figure carries a text summary.
  const summary = series.map((s) => `${s.label}: ${s.values.reduce((a, b) => a + b, 0)}`).join(", ");
  return <Box ref={host} role="img" aria-label={`${title}. ${summary}`} data-testid="line-chart" w="full" minH={`${height}px`} />;
}
