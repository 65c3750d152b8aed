/** The action's post step from sources: the action's entry, which tells the step by this file's name. */
import "./main.js";
