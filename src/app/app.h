/* The interactive TUI: state, event loop, panels. */
#ifndef DSP_APP_H
#define DSP_APP_H

/* Start the TUI with `disperse [options]`; returns the exit status. */
int	app_main(int argc, char **argv);

#endif
