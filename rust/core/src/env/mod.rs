//! Reinforcement-learning environments: the engine's side.
//!
//! * [`actions`]: the discrete action abstraction and exact amounts, and
//!   what each means as a [`crate::game::Move`].
//! * [`observe`]: the observation vector, built from what one seat may see.
//! * [`episode`]: one table's episodes (one hand, or a session of hands),
//!   with built-in bots playing the seats given to them.
//! * [`vector`]: many tables stepped in one call, on one thread or several.
//!
//! The Python package wraps these in PettingZoo's and Gymnasium's APIs.
pub mod actions;
pub mod episode;
pub mod observe;
pub mod vector;

pub use actions::{AbstractAction, ActionSpace, Spot, EXACT_KINDS, MAX_ACTIONS};
pub use episode::{Ending, EnvConfig, EnvTable, Episode, Learner, LearnerSeat, Stacks};
pub use observe::{encode, unit, Layout, Visible};
pub use vector::{Autoreset, Buffers, Policy, SingleAgent, VecEnv};
