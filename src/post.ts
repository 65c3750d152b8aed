/** The action's post step from sources: the bundle's entry, which tells the program by this file's name (program.ts). */
import "./main.js";
